/* An MPI program that knows nothing about liquid: MPI_Alltoall and MPI_Alltoallv of
 * ints with known contents, checked on every rank. Usage: mpi_plain_alltoall [INTS] [REPS]
 * [LATE_MS]: with LATE_MS, rank 0 enters every MPI_Alltoall that many milliseconds late. */
#define _POSIX_C_SOURCE 199309L
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int value(int src, int dst, int i) { return src * 1000003 + dst * 1009 + i; }

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int n = argc > 1 ? atoi(argv[1]) : 1000;
    const int reps = argc > 2 ? atoi(argv[2]) : 3;
    const int late_ms = argc > 3 ? atoi(argv[3]) : 0;
    const struct timespec late = {late_ms / 1000, (late_ms % 1000) * 1000000L};
    int* send = malloc(sizeof(int) * (size_t)size * (n + 1));
    int* recv = malloc(sizeof(int) * (size_t)size * (n + 1));
    int* counts = malloc(sizeof(int) * size);
    int* rcounts = malloc(sizeof(int) * size);
    int* displs = malloc(sizeof(int) * size);
    long errors = 0;
    for (int rep = 0; rep < reps; ++rep) {
        for (int p = 0; p < size; ++p)
            for (int i = 0; i < n; ++i) send[p * n + i] = value(rank, p, i + rep);
        if (rank == 0 && late_ms > 0) nanosleep(&late, NULL);
        MPI_Alltoall(send, n, MPI_INT, recv, n, MPI_INT, MPI_COMM_WORLD);
        for (int p = 0; p < size; ++p)
            for (int i = 0; i < n; ++i) errors += recv[p * n + i] != value(p, rank, i + rep);
    }
    /* Alltoallv: rank s sends (s + d) % 3 ints to rank d. */
    for (int p = 0, off = 0; p < size; ++p) {
        counts[p] = (rank + p) % 3;
        displs[p] = off;
        for (int i = 0; i < counts[p]; ++i) send[off + i] = value(rank, p, i);
        off += counts[p];
        rcounts[p] = (p + rank) % 3;
    }
    int* rdispls = malloc(sizeof(int) * size);
    for (int p = 0, off = 0; p < size; ++p) {
        rdispls[p] = off;
        off += rcounts[p];
    }
    MPI_Alltoallv(send, counts, displs, MPI_INT, recv, rcounts, rdispls, MPI_INT, MPI_COMM_WORLD);
    for (int p = 0; p < size; ++p)
        for (int i = 0; i < rcounts[p]; ++i) errors += recv[rdispls[p] + i] != value(p, rank, i);
    long total = 0;
    MPI_Reduce(&errors, &total, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) printf("plain_alltoall: %d ranks, %d ints per block, %d calls: %s\n", size, n, reps + 1, total ? "FAILED" : "ok");
    free(send);
    free(recv);
    free(counts);
    free(rcounts);
    free(displs);
    free(rdispls);
    MPI_Finalize();
    return total ? 1 : 0;
}
