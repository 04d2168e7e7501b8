/* mpp/shmem.h: the SGI-era path of shmem.h, which older OpenSHMEM
   programs include. */
#include <shmem.h>
