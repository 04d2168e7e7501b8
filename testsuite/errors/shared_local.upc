/* Shared objects must have static storage duration (UPC 1.3 6.5.1.1):
   a shared automatic variable or array is an error, also in a nested
   block; a static shared local and a local pointer to shared are fine.
   (A shared parameter: shared_param.upc.) */
#include <upc.h>

int main(void) {
	static shared int fine;        /* static storage: allowed */
	shared int *also_fine = &fine; /* a private pointer to shared data */
	shared int bad;                /* ERROR "shared.*static storage" */
	{
		shared int arr[THREADS];   /* ERROR "shared.*static storage" */
	}
	*also_fine = 1;
	return 0;
}
