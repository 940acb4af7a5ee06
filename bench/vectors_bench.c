/* vectors_bench.c: throughput of the vector tool chain on the whole default suite, each step timed as the user runs
 * it (a child process): `ccref gen` (every test made, answered by the certified oracle, the bounds and the tiers,
 * written), `ccref eval --vectors` (the double kernels on every test), `ccref check` (judging those results) and the
 * order test (tools/order.c: ORDER_RUNS random evaluation orders per test and tier). Best of 3 runs, wall-clock and
 * the child's CPU time (getrusage), tests per second of CPU. A measurement, not a test. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#define RUNS 3

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double child_cpu_s(void)
{
    struct rusage u;
    getrusage(RUSAGE_CHILDREN, &u);
    return (double)u.ru_utime.tv_sec + 1e-6 * (double)u.ru_utime.tv_usec + (double)u.ru_stime.tv_sec +
           1e-6 * (double)u.ru_stime.tv_usec;
}

/* Best wall and CPU time of RUNS runs of cmd; -1 when it fails. */
static int time_cmd(const char *cmd, double *wall, double *cpu)
{
    *wall = *cpu = 1e300;
    for (int r = 0; r < RUNS; r++) {
        double c0 = child_cpu_s(), t0 = now_s();
        if (system(cmd) != 0)
            return -1;
        double w = now_s() - t0, c = child_cpu_s() - c0;
        if (w < *wall)
            *wall = w;
        if (c < *cpu)
            *cpu = c;
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *bin = argc > 1 ? argv[1] : "build/ccref";
    const char *dir = argc > 2 ? argv[2] : "build/bench_vectors";
    const char *order = argc > 3 ? argv[3] : "build/order";
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "mkdir -p %s && %s gen --out %s --quiet", dir, bin, dir);
    double wall, cpu;
    if (time_cmd(cmd, &wall, &cpu)) {
        fprintf(stderr, "vectors_bench: %s failed\n", cmd);
        return 1;
    }
    /* the number of tests: the results file has one line per test after its header */
    snprintf(cmd, sizeof cmd, "%s eval --vectors %s/*.json --output %s/results.jsonl", bin, dir, dir);
    double ewall, ecpu;
    if (time_cmd(cmd, &ewall, &ecpu)) {
        fprintf(stderr, "vectors_bench: %s failed\n", cmd);
        return 1;
    }
    char path[600];
    snprintf(path, sizeof path, "%s/results.jsonl", dir);
    FILE *f = fopen(path, "r");
    long tests = -1;
    int ch;
    while (f && (ch = fgetc(f)) != EOF)
        tests += ch == '\n';
    if (f)
        fclose(f);
    snprintf(cmd, sizeof cmd, "%s check --tier ccref --require-all %s %s/results.jsonl > /dev/null", bin, dir, dir);
    double cwall, ccpu;
    if (time_cmd(cmd, &cwall, &ccpu)) {
        fprintf(stderr, "vectors_bench: %s failed\n", cmd);
        return 1;
    }
    enum { ORDER_RUNS = 100 };
    snprintf(cmd, sizeof cmd, "%s --n %d --quiet %s/*.json > /dev/null", order, ORDER_RUNS, dir);
    double owall, ocpu;
    if (time_cmd(cmd, &owall, &ocpu)) {
        fprintf(stderr, "vectors_bench: %s failed\n", cmd);
        return 1;
    }
    printf("\nvector tool chain on the default suite (%ld tests; best of %d runs; wall and CPU seconds):\n", tests, RUNS);
    printf("  %-52s %8.3f s wall %8.3f s CPU %10.0f tests/s (CPU)\n", "ccref gen (certified answers, bounds, tiers, files)", wall,
           cpu, (double)tests / cpu);
    printf("  %-52s %8.3f s wall %8.3f s CPU %10.0f tests/s (CPU)\n", "ccref eval --vectors (double kernels)", ewall,
           ecpu, (double)tests / ecpu);
    printf("  %-52s %8.3f s wall %8.3f s CPU %10.0f tests/s (CPU)\n", "ccref check (judging the kernels' results)", cwall,
           ccpu, (double)tests / ccpu);
    printf("  %-52s %8.3f s wall %8.3f s CPU %10.0f tests/s (CPU)\n", "order test, 100 orders per test and tier", owall,
           ocpu, (double)tests / ocpu);
    return 0;
}
