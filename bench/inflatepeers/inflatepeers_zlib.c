// The system zlib, beside zlib-ng in inflatepeers.c (their headers clash).
#include <stdint.h>
#include <string.h>
#include <zlib.h>

#define PIECE (1 << 20)

void die(const char *what);
const char *zlib_version_string = ZLIB_VERSION;

size_t zlib_stream(const uint8_t *z, size_t n, uint8_t *buf) {
	z_stream s;
	memset(&s, 0, sizeof s);
	if (inflateInit2(&s, 15 + 16) != Z_OK) die("zlib init");
	s.next_in = (Bytef *)z;
	s.avail_in = n;
	size_t total = 0;
	for (;;) {
		s.next_out = buf;
		s.avail_out = PIECE;
		int r = inflate(&s, Z_NO_FLUSH);
		total += PIECE - s.avail_out;
		if (r == Z_STREAM_END) {
			if (s.avail_in == 0) break;
			inflateReset(&s);
			continue;
		}
		if (r != Z_OK) die("zlib: bad data");
	}
	inflateEnd(&s);
	return total;
}

