// What one record's append costs on this machine, apart from RxTrace: a producer thread
// appends fixed-size records to a ring (a sequence number per slot, Vyukov's bounded queue, as
// RecordRing does) and a consumer thread copies quarter rings out, as the spooler does.
// Documentation/Recording.md, "What the producer pays besides instructions", quotes it.
//
//   cc -O2 -o /tmp/append-model Benchmarks/AppendModel/append-model.c -lpthread
//   /tmp/append-model SLOTS RECORD_BYTES RECORDS MODE [file]
//
// MODE: 0 plain stores only, 1 + rdtsc, 2 + lock xadd on the cursor, 3 both (what a hook
// pays); `file` makes the consumer pwrite to an unlinked file instead of copying to memory.
// Prints wall and CPU ns per record on the producer and how often it found the ring full.
// Then `/tmp/append-model 32768 128 4000000 3` against `... 32768 64 4000000 3` compares the
// record's size, and `... 4096 128 ...` a ring that fits in the second-level cache.
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <pthread.h>
#include <time.h>
#include <x86intrin.h>
#include <semaphore.h>
#include <unistd.h>
#include <fcntl.h>
typedef struct { int64_t w[16]; } rec128;
typedef struct { int64_t w[8]; } rec64;
static int64_t cursor __attribute__((aligned(64)));
static int64_t tailpos __attribute__((aligned(64)));
static int64_t *seqs; static char *slots; static size_t cap, recsize; static sem_t wake; static volatile int done;
static int usefile; static int fd;
static char *sink;
static double now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}
static double cpu(){struct timespec t;clock_gettime(CLOCK_THREAD_CPUTIME_ID,&t);return t.tv_sec+t.tv_nsec*1e-9;}
static void *consumer(void *a){
  size_t quarter = cap/4; off_t off=0;
  for(;;){ sem_wait(&wake);
    for(;;){ int64_t t=tailpos; size_t slot=t&(cap-1); size_t n=0;
      while(n<cap-slot && __atomic_load_n(&seqs[slot+n],__ATOMIC_ACQUIRE)==t+n+1) n++;
      if(!n) break;
      if(usefile){ pwrite(fd, slots+slot*recsize, n*recsize, off); off+=n*recsize; if(off>(256<<20)) off=0; }
      else memcpy(sink, slots+slot*recsize, n*recsize);
      for(size_t i=0;i<n;i++) __atomic_store_n(&seqs[slot+i],t+i+cap,__ATOMIC_RELEASE);
      tailpos=t+n; }
    if(done && tailpos==cursor) return 0; }
}
int main(int argc,char**argv){
  cap=atol(argv[1]); recsize=atol(argv[2]); long n=atol(argv[3]); int mode=atoi(argv[4]); usefile=argc>5;
  if(usefile){ fd=open("append-model.spool",O_RDWR|O_CREAT|O_TRUNC,0600); unlink("append-model.spool"); }
  seqs=malloc(cap*8); slots=aligned_alloc(64,cap*recsize); sink=malloc(cap*recsize); memset(sink,0,cap*recsize);
  for(size_t i=0;i<cap;i++) seqs[i]=i;
  sem_init(&wake,0,0); pthread_t th; pthread_create(&th,0,consumer,0);
  size_t wm=cap/4-1; long waits=0;
  double w0=now(),c0=cpu();
  for(long i=0;i<n;i++){
    int64_t ts = mode&1 ? (int64_t)__rdtsc() : i;
    int64_t pos = mode&2 ? __atomic_fetch_add(&cursor,1,__ATOMIC_RELAXED) : cursor++;
    size_t slot=pos&(cap-1);
    while(__atomic_load_n(&seqs[slot],__ATOMIC_ACQUIRE)!=pos){ waits++; sem_post(&wake); struct timespec p={0,20000}; nanosleep(&p,0);}
    int64_t *r=(int64_t*)(slots+slot*recsize);
    r[0]=ts; r[1]=pos; r[2]=i; r[3]=i*3; r[4]=7; r[5]=pos+1; if(recsize>64){r[8]=ts;r[9]=i;r[10]=1;r[12]=2;}
    __atomic_store_n(&seqs[slot],pos+1,__ATOMIC_RELEASE);
    if((pos&wm)==wm) sem_post(&wake);
    for(volatile int k=0;k<(mode&4?30:0);k++);
  }
  double w1=now(),c1=cpu(); done=1; sem_post(&wake); pthread_join(th,0);
  printf("cap %zu rec %zu mode %d file %d: wall %.1f ns/rec cpu %.1f ns/rec waits %ld\n",cap,recsize,mode,usefile,(w1-w0)*1e9/n,(c1-c0)*1e9/n,waits);
}
