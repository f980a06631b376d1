#define _GNU_SOURCE
#include <sys/syscall.h>
#include <unistd.h>

#include "CRxTrace.h"

pid_t rxtrace_gettid(void) {
    return (pid_t)syscall(SYS_gettid);
}

__thread rxtrace_thread_state_cache rxtrace_current_thread_state = {0, NULL};

__thread int rxtrace_writes_for_writer = 0;
