// The writer options of Documentation/Recording.md ("What recording costs"): how many rows or
// records per second SQLite takes on this machine as today's call rows (1 or 32 per INSERT),
// as wider rows (a call and its event in one row), and as raw record batches in BLOB chunks.
// Not part of either package. Build and run (3 rounds; set EXTRA to try other pragmas):
//
//   gcc -O2 Benchmarks/WriterOptions/writer-options.c -o /tmp/writer-options -lsqlite3
//   gcc -O2 -DEXTRA='"PRAGMA synchronous=OFF;"' Benchmarks/WriterOptions/writer-options.c -o /tmp/writer-options-off -lsqlite3
//   gcc -O2 -DEXTRA='"PRAGMA synchronous=OFF;PRAGMA wal_autocheckpoint=0;"' … -o /tmp/writer-options-nockpt -lsqlite3
//   /tmp/writer-options 3
#ifndef EXTRA
#define EXTRA ""
#endif

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
static double now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec/1e9;}
static sqlite3*open_db(const char*p){char b[512];unlink(p);snprintf(b,512,"%s-wal",p);unlink(b);snprintf(b,512,"%s-shm",p);unlink(b);
 sqlite3*db;sqlite3_open(p,&db);sqlite3_exec(db,"PRAGMA journal_mode=WAL;PRAGMA synchronous=NORMAL;" EXTRA,0,0,0);return db;}
#define N 1000000
#define CHECK(x) if((x)!=SQLITE_OK&&(x)!=SQLITE_DONE){fprintf(stderr,"err %s\n",sqlite3_errmsg(db));exit(1);}
// (a)/(b): call rows, 10 columns, k rows per INSERT statement
static double call_rows(const char*p,int k){sqlite3*db=open_db(p);
 sqlite3_exec(db,"CREATE TABLE call(id INTEGER PRIMARY KEY,parent_id INTEGER,depth INTEGER NOT NULL,thread_id INTEGER NOT NULL,site_id INTEGER NOT NULL,object_id INTEGER,detail TEXT,ts INTEGER NOT NULL,dur INTEGER,virtual_ts INTEGER)",0,0,0);
 char sql[65536];strcpy(sql,"INSERT INTO call VALUES ");for(int i=0;i<k;i++)strcat(sql,i?",(?,?,?,?,?,?,?,?,?,?)":"(?,?,?,?,?,?,?,?,?,?)");
 sqlite3_stmt*st;sqlite3_prepare_v2(db,sql,-1,&st,0);double t=now();long id=1;char det[32];
 while(id<=N){sqlite3_exec(db,"BEGIN",0,0,0);for(int b=0;b<10000/k;b++){for(int r=0;r<k;r++,id++){int c=r*10;
  sqlite3_bind_int64(st,c+1,id);if(id>1)sqlite3_bind_int64(st,c+2,id-1);else sqlite3_bind_null(st,c+2);sqlite3_bind_int64(st,c+3,id%8);sqlite3_bind_int64(st,c+4,1);
  sqlite3_bind_int64(st,c+5,id%40+1);sqlite3_bind_int64(st,c+6,id/4+1);if(id%2==0){int n=snprintf(det,32,"next(%ld)",id);sqlite3_bind_text(st,c+7,det,n,SQLITE_TRANSIENT);}else sqlite3_bind_null(st,c+7);
  sqlite3_bind_int64(st,c+8,id*50);sqlite3_bind_int64(st,c+9,40);sqlite3_bind_null(st,c+10);}
  int rc=sqlite3_step(st);CHECK(rc);sqlite3_reset(st);}sqlite3_exec(db,"COMMIT",0,0,0);}
 double e=now()-t;sqlite3_finalize(st);sqlite3_close(db);return N/e;}
// (c) wider rows: a call row that also carries the event it delivered (19 columns): rows/s
static double wide_rows(const char*p,int k){sqlite3*db=open_db(p);
 sqlite3_exec(db,"CREATE TABLE call(id INTEGER PRIMARY KEY,parent_id INTEGER,depth INTEGER NOT NULL,thread_id INTEGER NOT NULL,site_id INTEGER NOT NULL,object_id INTEGER,detail TEXT,ts INTEGER NOT NULL,dur INTEGER,virtual_ts INTEGER,event_id INTEGER,event_ts INTEGER,event_kind TEXT,event_value TEXT,source_id INTEGER,observer_id INTEGER,event_virtual_ts INTEGER,x INTEGER,y INTEGER)",0,0,0);
 char sql[65536];strcpy(sql,"INSERT INTO call VALUES ");for(int i=0;i<k;i++)strcat(sql,i?",(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)":"(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
 sqlite3_stmt*st;sqlite3_prepare_v2(db,sql,-1,&st,0);double t=now();long id=1;char det[32];
 while(id<=N){sqlite3_exec(db,"BEGIN",0,0,0);for(int b=0;b<10000/k;b++){for(int r=0;r<k;r++,id++){int c=r*19;
  sqlite3_bind_int64(st,c+1,id);sqlite3_bind_int64(st,c+2,id-1);sqlite3_bind_int64(st,c+3,id%8);sqlite3_bind_int64(st,c+4,1);
  sqlite3_bind_int64(st,c+5,id%40+1);sqlite3_bind_int64(st,c+6,id/4+1);int n=snprintf(det,32,"next(%ld)",id);sqlite3_bind_text(st,c+7,det,n,SQLITE_TRANSIENT);
  sqlite3_bind_int64(st,c+8,id*50);sqlite3_bind_int64(st,c+9,40);sqlite3_bind_null(st,c+10);
  if(id%2==0){sqlite3_bind_int64(st,c+11,id/2);sqlite3_bind_int64(st,c+12,id*50+5);sqlite3_bind_text(st,c+13,"next",4,SQLITE_STATIC);
   n=snprintf(det,32,"%ld",id);sqlite3_bind_text(st,c+14,det,n,SQLITE_TRANSIENT);sqlite3_bind_int64(st,c+15,id/4);sqlite3_bind_int64(st,c+16,id/4+1);}
  else for(int q=11;q<=16;q++)sqlite3_bind_null(st,c+q);
  sqlite3_bind_null(st,c+17);sqlite3_bind_null(st,c+18);sqlite3_bind_null(st,c+19);}
  int rc=sqlite3_step(st);CHECK(rc);sqlite3_reset(st);}sqlite3_exec(db,"COMMIT",0,0,0);}
 double e=now()-t;sqlite3_finalize(st);sqlite3_close(db);return N/e;}
// (d) raw record batches as BLOB chunks: records of `size` bytes, `chunk` bytes per row, one transaction per chunk
static double blob_chunks(const char*p,int size,int chunk){sqlite3*db=open_db(p);
 sqlite3_exec(db,"CREATE TABLE record_chunk(id INTEGER PRIMARY KEY, data BLOB NOT NULL)",0,0,0);
 sqlite3_stmt*st;sqlite3_prepare_v2(db,"INSERT INTO record_chunk(data) VALUES (?)",-1,&st,0);
 unsigned char*buf=malloc(chunk);long records=10L*N;int per=chunk/size;double t=now();long done=0;
 while(done<records){for(int i=0;i<per;i++){long v=done+i;memcpy(buf+i*size,&v,8);memset(buf+i*size+8,(int)v,size-8);} // fill as a writer would
  sqlite3_exec(db,"BEGIN",0,0,0);sqlite3_bind_blob(st,1,buf,per*size,SQLITE_STATIC);int rc=sqlite3_step(st);CHECK(rc);sqlite3_reset(st);sqlite3_exec(db,"COMMIT",0,0,0);done+=per;}
 double e=now()-t;sqlite3_finalize(st);sqlite3_close(db);free(buf);return done/e;}
int main(int c,char**v){sqlite3_config(SQLITE_CONFIG_MEMSTATUS,0);const char*p="/tmp/writer-options.sqlite";int rounds=c>1?atoi(v[1]):3;
 for(int r=0;r<rounds;r++){
  printf("round %d: rows1 %.0f rows32 %.0f wide1 %.0f wide32 %.0f | chunk40B/256K %.0f rec/s chunk40B/1M %.0f rec/s\n",r,
   call_rows(p,1),call_rows(p,32),wide_rows(p,1),wide_rows(p,32),blob_chunks(p,40,256*1024),blob_chunks(p,40,1024*1024));fflush(stdout);}
}
