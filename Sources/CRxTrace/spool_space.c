#define _GNU_SOURCE
#include <fcntl.h>

#include "CRxTrace.h"

int rxtrace_release_file_space(int descriptor, int64_t offset, int64_t length) {
    return fallocate(descriptor, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, (off_t)offset, (off_t)length);
}
