// inflatepeers: one thread, memory to memory, the inflaters issue 45 had to
// choose between, over the same .gz file: libdeflate whole members (the old
// path), libdeflate streaming in 1 MiB pieces (the project's patch, as
// gzstream.go drives it), zlib-ng 2.x and the system zlib, each inflating
// into a 1 MiB buffer and checking CRCs. Built and run by inflatepeers.sh.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "libdeflate.h"
#include "zlib-ng.h"

// inflatepeers_zlib.c (zlib.h and zlib-ng.h cannot share a file)
size_t zlib_stream(const uint8_t *z, size_t n, uint8_t *buf);
extern const char *zlib_version_string;

#define PIECE (1 << 20)
#define WINDOW (32 << 10)

static double clock_s(clockid_t c) {
	struct timespec ts;
	clock_gettime(c, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

void die(const char *what) {
	fprintf(stderr, "inflatepeers: %s\n", what);
	exit(1);
}

// header_len returns the length of the gzip header at p (RFC 1952).
static size_t header_len(const uint8_t *p, size_t n) {
	if (n < 18 || p[0] != 0x1f || p[1] != 0x8b || p[2] != 8) die("not a gzip member");
	uint8_t flg = p[3];
	size_t i = 10;
	if (flg & 4) i += 2 + (p[i] | p[i + 1] << 8);
	if (flg & 8) while (p[i++]) {}
	if (flg & 16) while (p[i++]) {}
	if (flg & 2) i += 2;
	if (i > n) die("cut header");
	return i;
}

// Old path: each member inflated whole, one call per member, into a buffer
// that holds the largest (allocated before the clock starts).
static size_t libdeflate_whole(const uint8_t *z, size_t n, uint8_t *buf, size_t cap) {
	struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
	size_t total = 0;
	while (n > 0) {
		size_t in_used = 0, out = 0;
		if (libdeflate_gzip_decompress_ex(d, z, n, buf, cap, &in_used, &out) != LIBDEFLATE_SUCCESS)
			die("libdeflate whole: bad data");
		total += out;
		z += in_used;
		n -= in_used;
	}
	libdeflate_free_decompressor(d);
	return total;
}

// New path: raw DEFLATE in 1 MiB pieces after a 32 KiB window, CRC over
// each piece, as gzstream.go does.
static size_t libdeflate_stream(const uint8_t *z, size_t n, uint8_t *buf) {
	struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
	size_t total = 0;
	while (n > 0) {
		size_t h = header_len(z, n);
		const uint8_t *in = z + h;
		size_t in_n = n - h;
		struct libdeflate_stream st;
		memset(&st, 0, sizeof st);
		uint32_t crc = 0;
		size_t keep = 0, member = 0;
		while (st.mode != LIBDEFLATE_STREAM_DONE) {
			st.out_pos = keep;
			if (libdeflate_deflate_decompress_stream(d, &st, in, in_n, 1, buf, WINDOW + PIECE) != LIBDEFLATE_SUCCESS)
				die("libdeflate stream: bad data");
			crc = libdeflate_crc32(crc, buf + keep, st.out_pos - keep);
			member += st.out_pos - keep;
			keep = st.out_pos < WINDOW ? st.out_pos : WINDOW;
			memmove(buf, buf + st.out_pos - keep, keep);
		}
		size_t used = st.in_bitpos / 8;
		if (used + 8 > in_n) die("cut trailer");
		const uint8_t *t = in + used;
		if ((uint32_t)(t[0] | t[1] << 8 | t[2] << 16 | (uint32_t)t[3] << 24) != crc) die("libdeflate stream: bad CRC");
		total += member;
		z = t + 8;
		n = in_n - used - 8;
	}
	libdeflate_free_decompressor(d);
	return total;
}

static size_t zlibng_stream(const uint8_t *z, size_t n, uint8_t *buf) {
	zng_stream s;
	memset(&s, 0, sizeof s);
	if (zng_inflateInit2(&s, 15 + 16) != Z_OK) die("zlib-ng init");
	s.next_in = z;
	s.avail_in = n;
	size_t total = 0;
	for (;;) {
		s.next_out = buf;
		s.avail_out = PIECE;
		int r = zng_inflate(&s, Z_NO_FLUSH);
		total += PIECE - s.avail_out;
		if (r == Z_STREAM_END) {
			if (s.avail_in == 0) break;
			zng_inflateReset(&s);
			continue;
		}
		if (r != Z_OK) die("zlib-ng: bad data");
	}
	zng_inflateEnd(&s);
	return total;
}

static int cmp(const void *a, const void *b) {
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv) {
	if (argc < 2) die("usage: inflatepeers FILE.gz [RUNS]");
	int runs = argc > 2 ? atoi(argv[2]) : 5;
	FILE *f = fopen(argv[1], "rb");
	if (!f) die("cannot open the file");
	fseek(f, 0, SEEK_END);
	size_t n = ftell(f);
	fseek(f, 0, SEEK_SET);
	uint8_t *z = malloc(n);
	if (fread(z, 1, n, f) != n) die("short read");
	fclose(f);
	uint8_t *piece = malloc(WINDOW + PIECE);
	// the whole-member buffer: the whole output (bounds every member)
	size_t cap = zlib_stream(z, n, piece) + 1;
	uint8_t *whole = malloc(cap);
	char zlib_name[64];
	snprintf(zlib_name, sizeof zlib_name, "zlib %s 1 MiB", zlib_version_string);
	const char *names[] = {"libdeflate whole member", "libdeflate stream 1 MiB", "zlib-ng " ZLIBNG_VERSION " 1 MiB", zlib_name};
	// rounds interleave the methods, so that a busy moment of a shared
	// machine falls on all of them
	if (runs > 64) runs = 64;
	// wall clock, and the thread's CPU time (what a busy machine disturbs
	// less)
	double gbs[4][64], cpu[4][64];
	size_t want = 0;
	for (int r = 0; r < runs; r++) {
		for (int m = 0; m < 4; m++) {
			double t = clock_s(CLOCK_MONOTONIC), c = clock_s(CLOCK_THREAD_CPUTIME_ID);
			size_t got = m == 0 ? libdeflate_whole(z, n, whole, cap)
			             : m == 1 ? libdeflate_stream(z, n, piece)
			             : m == 2 ? zlibng_stream(z, n, piece)
			                      : zlib_stream(z, n, piece);
			t = clock_s(CLOCK_MONOTONIC) - t;
			c = clock_s(CLOCK_THREAD_CPUTIME_ID) - c;
			if (want == 0) want = got;
			if (got != want) die("methods disagree on the inflated size");
			gbs[m][r] = got / t / 1e9;
			cpu[m][r] = got / c / 1e9;
		}
	}
	printf("%s: %zu bytes inflated from %zu, one thread, %d interleaved rounds\n", argv[1], want, n, runs);
	for (int m = 0; m < 4; m++) {
		qsort(gbs[m], runs, sizeof gbs[m][0], cmp);
		qsort(cpu[m], runs, sizeof cpu[m][0], cmp);
		printf("%-28s %7.3f GB/s wall (median; min %.3f, max %.3f), %7.3f GB per CPU-second (median)\n",
		       names[m], gbs[m][runs / 2], gbs[m][0], gbs[m][runs - 1], cpu[m][runs / 2]);
	}
	return 0;
}
