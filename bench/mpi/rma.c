/* Raw MPI-3 RMA for the patterns upcgo's mpi conduit is measured on
 * (bench/mpi/main.go runs the same patterns through the conduit): process 0
 * targets process 1, whose memory is a window opened with one
 * MPI_Win_lock_all epoch, as the conduit does.
 *
 *   mpicc -O2 -o rma rma.c && mpirun -n 2 ./rma
 *
 * Lines are "name value unit", one measurement each, the median of several
 * repetitions where noted. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WIN (64u << 20)
#define NSTRIDED 10000
#define STRIDE 16 /* bytes between the 8-byte elements */
#define REPS 15

static int cmp(const void *a, const void *b) {
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median(double *v, int n) {
	qsort(v, n, sizeof *v, cmp);
	return v[n / 2];
}

int main(int argc, char **argv) {
	int provided, rank, np;
	MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	if (np < 2) {
		fprintf(stderr, "run with 2 processes\n");
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	char *base;
	MPI_Win win;
	MPI_Info info;
	MPI_Info_create(&info);
	MPI_Info_set(info, "accumulate_ordering", "none");
	MPI_Win_allocate(WIN, 1, info, MPI_COMM_WORLD, &base, &win);
	MPI_Info_free(&info);
	MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
	const int t = 1;
	char *buf = malloc(4u << 20);
	memset(buf, 1, 4u << 20);
	MPI_Barrier(MPI_COMM_WORLD);
	if (rank == 0) {
		char lib[MPI_MAX_LIBRARY_VERSION_STRING];
		int len;
		MPI_Get_library_version(lib, &len);
		char *nl = strchr(lib, '\n');
		if (nl) *nl = 0;
		printf("# %s\n", lib);

		double x = 42, t0;
		const int it = 20000;
		for (int i = 0; i < 1000; i++) {
			MPI_Put(&x, 8, MPI_BYTE, t, 0, 8, MPI_BYTE, win);
			MPI_Win_flush(t, win);
		}
		t0 = MPI_Wtime();
		for (int i = 0; i < it; i++) {
			MPI_Put(&x, 8, MPI_BYTE, t, 0, 8, MPI_BYTE, win);
			MPI_Win_flush(t, win);
		}
		printf("put8_latency %.3f us\n", (MPI_Wtime() - t0) / it * 1e6);
		t0 = MPI_Wtime();
		for (int i = 0; i < it; i++) {
			MPI_Get(&x, 8, MPI_BYTE, t, 0, 8, MPI_BYTE, win);
			MPI_Win_flush(t, win);
		}
		printf("get8_latency %.3f us\n", (MPI_Wtime() - t0) / it * 1e6);

		/* Latency against the size: one put and its flush at a time. */
		for (size_t size = 8; size <= (4u << 20); size *= 8) {
			int n = (int)((64u << 20) / size);
			if (n > 2000) n = 2000;
			if (n < 16) n = 16;
			t0 = MPI_Wtime();
			for (int i = 0; i < n; i++) {
				MPI_Put(buf, (int)size, MPI_BYTE, t, 0, (int)size, MPI_BYTE, win);
				MPI_Win_flush(t, win);
			}
			printf("put_lat_%zu %.3f us\n", size, (MPI_Wtime() - t0) / n * 1e6);
		}

		/* Bandwidth: a window of puts, then one flush. */
		for (size_t size = 8; size <= (4u << 20); size *= 8) {
			int n = (int)((64u << 20) / size);
			if (n > 20000) n = 20000;
			if (n < 16) n = 16;
			double v[5];
			for (int r = 0; r < 5; r++) {
				t0 = MPI_Wtime();
				for (int i = 0; i < n; i++)
					MPI_Put(buf, (int)size, MPI_BYTE, t, (MPI_Aint)((i * size) % (WIN - size)), (int)size, MPI_BYTE, win);
				MPI_Win_flush(t, win);
				v[r] = MPI_Wtime() - t0;
			}
			printf("put_bw_%zu %.1f MB/s\n", size, (double)size * n / median(v, 5) / 1e6);
		}

		/* 10 000 8-byte elements STRIDE apart: separate puts, one vector put. */
		double *src = malloc(NSTRIDED * sizeof *src);
		for (int i = 0; i < NSTRIDED; i++) src[i] = i;
		MPI_Datatype vec;
		MPI_Type_create_hvector(NSTRIDED, 8, STRIDE, MPI_BYTE, &vec);
		MPI_Type_commit(&vec);
		double sep[REPS], one[REPS];
		for (int r = -1; r < REPS; r++) {
			t0 = MPI_Wtime();
			for (int i = 0; i < NSTRIDED; i++)
				MPI_Put(&src[i], 8, MPI_BYTE, t, (MPI_Aint)i * STRIDE, 8, MPI_BYTE, win);
			MPI_Win_flush(t, win);
			if (r >= 0) sep[r] = MPI_Wtime() - t0;
		}
		for (int r = -1; r < REPS; r++) {
			t0 = MPI_Wtime();
			MPI_Put(src, NSTRIDED * 8, MPI_BYTE, t, 0, 1, vec, win);
			MPI_Win_flush(t, win);
			if (r >= 0) one[r] = MPI_Wtime() - t0;
		}
		printf("strided_separate_puts %.1f us\n", median(sep, REPS) * 1e6);
		printf("strided_vector_put %.1f us\n", median(one, REPS) * 1e6);
		MPI_Type_free(&vec);
		free(src);
	}
	/* Progress: process 1 computes for 300 ms without calling MPI while
	 * process 0 puts 8 bytes to it and flushes. */
	double worst = 0;
	for (int r = 0; r < 3; r++) {
		MPI_Barrier(MPI_COMM_WORLD);
		double t0 = MPI_Wtime();
		if (rank == 1) {
			volatile long x = 0;
			while (MPI_Wtime() - t0 < 0.3) x++;
		} else if (rank == 0) {
			double v = 1;
			while (MPI_Wtime() - t0 < 0.05)
				;
			double t1 = MPI_Wtime();
			MPI_Put(&v, 8, MPI_BYTE, t, 0, 8, MPI_BYTE, win);
			MPI_Win_flush(t, win);
			if (MPI_Wtime() - t1 > worst) worst = MPI_Wtime() - t1;
		}
	}
	if (rank == 0) printf("put8_while_target_computes %.1f us\n", worst * 1e6);
	/* Barriers back to back (mpibench's barrier_2x1). */
	for (int i = 0; i < 1000; i++) MPI_Barrier(MPI_COMM_WORLD);
	double tb = MPI_Wtime();
	for (int i = 0; i < 20000; i++) MPI_Barrier(MPI_COMM_WORLD);
	if (rank == 0) printf("barrier_%dx1 %.3f us\n", np, (MPI_Wtime() - tb) / 20000 * 1e6);
	MPI_Barrier(MPI_COMM_WORLD);
	MPI_Win_unlock_all(win);
	MPI_Win_free(&win);
	free(buf);
	MPI_Finalize();
	return 0;
}
