/* Variables in C memory read once before a loop (loopopt_vars.go): NAS
   IS's bucket count and scatter through global pointers, whose stores
   are ints; a global int bound of a loop storing doubles; a local pointer
   whose address is taken; the address of the global array bucket_ptrs
   (a field of the thread's context). NOT when a store may change the variable (an
   int store and an int variable, a pointer store, a char store, a struct
   holding a pointer), the loop assigns it (bucket_size in assigns, where
   key_buff1 is only read) or takes its address, or calls a function; and
   not a variable inside a subscript given a running address (read before
   the loop already). */
struct holder { int *p; };
int *bucket_size, *key_buff1, bucket_ptrs[1024], n_keys;
int **pp;
char *cp;
struct holder *hp;
void touch(void);

void count(const int *key_array, int n) {
	for (int i = 0; i < n; i++)
		bucket_size[key_array[i] >> 9]++;
}
void scatter(const int *key_array, int n) {
	int key;
	for (int i = 0; i < n; i++) {
		key = key_array[i];
		key_buff1[bucket_ptrs[key >> 9]++] = key;
	}
}
void bound(double *y) {
	for (int i = 0; i < n_keys; i += 2)
		y[i] = 2 * y[i];
}
void local_taken(int n, const int *x, int ***q) {
	int *p = key_buff1;
	*q = &p;
	for (int i = 0; i < n; i++)
		p[x[i]] += 1;
}
void int_store(int *y, int n) {
	for (int i = 0; i < n; i++)
		y[i & 7] = n_keys;
}
void pointer_store(int n) {
	for (int i = 0; i < n; i++)
		pp[bucket_size[i] & 7] = key_buff1;
}
void char_store(int n) {
	for (int i = 0; i < n; i++)
		cp[bucket_size[i] & 7] = 1;
}
void struct_store(int n, struct holder h) {
	for (int i = 0; i < n; i++)
		hp[bucket_size[i] & 7] = h;
}
void assigns(int n) {
	for (int i = 0; i < n; i++) {
		bucket_size[i & 7] = 0;
		bucket_size = key_buff1;
	}
}
void address(int n) {
	for (int i = 0; i < n; i++)
		bucket_size[i & 7] = (&bucket_size)[0] != 0;
}
void calls(int n) {
	for (int i = 0; i < n; i++) {
		bucket_size[i & 7] = 0;
		touch();
	}
}
double *dp;
void running(int n) {
	for (int i = 0; i < n; i++)
		dp[i] = 0;
}
