// The target holds only the declaration of libFuzzer's driver, in include/CFuzzerDriver.h.
#include "CFuzzerDriver.h"
