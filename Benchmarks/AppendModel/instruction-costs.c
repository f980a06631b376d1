// What the instructions every recorded record pays cost alone on this machine: `rdtsc`, an
// uncontended `lock xadd`, a vDSO `clock_gettime` (CLOCK_MONOTONIC and _COARSE), each back to
// back, three rounds. Documentation/Recording.md, "What the producer pays besides
// instructions", quotes it.
//
//   cc -O2 -o /tmp/instruction-costs Benchmarks/AppendModel/instruction-costs.c && /tmp/instruction-costs
#include <stdio.h>
#include <stdint.h>
#include <time.h>
#include <x86intrin.h>
static double now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}
static int64_t c __attribute__((aligned(64)));
int main(){ long n=20000000; volatile int64_t s=0;
 for(int r=0;r<3;r++){
 double t0=now(); for(long i=0;i<n;i++) s+=__rdtsc(); double t1=now();
 for(long i=0;i<n;i++) s+=__atomic_fetch_add(&c,1,__ATOMIC_RELAXED); double t2=now();
 for(long i=0;i<n;i++) s+=i*7; double t3=now();
 struct timespec ts; for(long i=0;i<n/10;i++){clock_gettime(CLOCK_MONOTONIC,&ts); s+=ts.tv_nsec;} double t4=now();
 for(long i=0;i<n/10;i++){clock_gettime(CLOCK_MONOTONIC_COARSE,&ts); s+=ts.tv_nsec;} double t5=now();
 printf("rdtsc %.1f ns, lock xadd %.1f ns, loop %.1f ns, clock_gettime %.1f ns, coarse %.1f ns\n",(t1-t0)*1e9/n,(t2-t1)*1e9/n,(t3-t2)*1e9/n,(t4-t3)*1e10/n,(t5-t4)*1e10/n);}
}
