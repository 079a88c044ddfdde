//go:build !purego

#include "textflag.h"

// indexUTF8 and indexUTF8HTML (AVX2, s at least 32 bytes) return the
// index of the first byte of s that a 32-byte check flags, or len(s)
// (0 for s shorter than 32: nothing passed over). The
// check is Keiser and Lemire's UTF-8 validation ("Validating UTF-8 in less
// than one instruction per byte", 2021): three 16-entry tables indexed by
// the high and low nibbles of the byte before and the high nibble of the
// byte itself give a byte of error bits, nonzero where the pair cannot
// occur in UTF-8 (the error is flagged at the pair's second byte), and the
// bytes two and three after a lead of three and four bytes must be
// continuations. To those it adds the bytes appendString does not copy:
// the ASCII escapes, and the third byte of E2 80 A8 and E2 80 A9 (U+2028,
// U+2029). Bytes before s count as ASCII. A sequence cut by the end of s
// is not flagged (skipUTF8 looks at the last bytes).
//
// The bytes before each 32-byte block are read with unaligned loads at
// offsets -1, -2 and -3; the first block shifts them in from zero. The
// last bytes that do not fill 32 are checked in the 32 bytes that end s,
// with the flags of those already checked shifted out.

// The error bits (the paper's names).
#define TOO_SHORT 0x01
#define TOO_LONG 0x02
#define OVERLONG_3 0x04
#define TOO_LARGE 0x08
#define SURROGATE 0x10
#define OVERLONG_2 0x20
#define TOO_LARGE_1000 0x40
#define OVERLONG_4 0x40
#define TWO_CONTS 0x80

// A 32-byte constant: the 16 bytes lo (bytes 0-7) and hi (8-15), twice
// (VPSHUFB looks up each 128-bit lane in its own half).
#define CONST32(name, lo, hi) \
	DATA name<>+0(SB)/8, $lo; \
	DATA name<>+8(SB)/8, $hi; \
	DATA name<>+16(SB)/8, $lo; \
	DATA name<>+24(SB)/8, $hi; \
	GLOBL name<>(SB), RODATA|NOPTR, $32

// By the high nibble of the byte before: 0-7 ASCII (TOO_LONG if a
// continuation follows), 8-B continuation (TWO_CONTS), C lead of 2, D,
// E lead of 3, F lead of 4 (or invalid F8-FF).
// 02 02 02 02 02 02 02 02 80 80 80 80 21 01 15 49
CONST32(utf8Prev1High, 0x0202020202020202, 0x4915012180808080)

// By the low nibble of the byte before: CARRY (TOO_SHORT|TOO_LONG|
// TWO_CONTS, which the high nibble decides) and the bits that need the
// low nibble: C0/E0/F0 overlong, C1 overlong, F4+ too large, ED surrogate.
// E7 A3 83 83 8B CB CB CB CB CB CB CB CB DB CB CB
CONST32(utf8Prev1Low, 0xCBCBCB8B8383A3E7, 0xCBCBDBCBCBCBCBCB)

// By the high nibble of the byte: ASCII and leads are TOO_SHORT after a
// lead; continuations 8, 9 and A-B have the bits that they complete.
// 01 01 01 01 01 01 01 01 E6 AE BA BA 01 01 01 01
CONST32(utf8CurHigh, 0x0101010101010101, 0x01010101BABAAEE6)

#define BYTES32(name, b) CONST32(name, b*0x0101010101010101, b*0x0101010101010101)

BYTES32(utf8Nibble, 0x0f)
BYTES32(utf8Third, 0x60)  // b - 0x60 (saturated) >= 0x80 iff b >= 0xE0
BYTES32(utf8Fourth, 0x70) // b - 0x70 (saturated) >= 0x80 iff b >= 0xF0
BYTES32(utf8Bit7, 0x80)
BYTES32(utf8E2, 0xe2)
BYTES32(utf8FE, 0xfe)
BYTES32(utf8A8, 0xa8)
BYTES32(utf8Ctl, 0x1f)
BYTES32(utf8Quote, 0x22)
BYTES32(utf8Backslash, 0x5c)
BYTES32(utf8Bit2, 0x04)
BYTES32(utf8Amp, 0x26)
BYTES32(utf8Bit1, 0x02)
BYTES32(utf8Gt, 0x3e)

// SHIFTIN sets Y1, Y2, Y3 to Y0 shifted up one, two and three bytes, zero
// coming in (Y4 is [0, low lane of Y0]).
#define SHIFTIN \
	VPERM2I128 $0x08, Y0, Y0, Y4; \
	VPALIGNR $15, Y4, Y0, Y1; \
	VPALIGNR $14, Y4, Y0, Y2; \
	VPALIGNR $13, Y4, Y0, Y3

// LOADPREV sets Y1, Y2, Y3 to the 32 bytes at SI+R-1, -2, -3.
#define LOADPREV(R) \
	VMOVDQU -1(SI)(R*1), Y1; \
	VMOVDQU -2(SI)(R*1), Y2; \
	VMOVDQU -3(SI)(R*1), Y3

// CHECK sets Y5 nonzero in each byte of Y0 that is flagged, given the
// bytes before in Y1, Y2, Y3 and the tables in Y12-Y15. ESC ORs the
// escapes into Y5.
#define CHECK(ESC) \
	VPSRLW $4, Y1, Y6; VPAND Y15, Y6, Y6; VPSHUFB Y6, Y12, Y6; \
	VPAND Y15, Y1, Y7; VPSHUFB Y7, Y13, Y7; \
	VPSRLW $4, Y0, Y8; VPAND Y15, Y8, Y8; VPSHUFB Y8, Y14, Y8; \
	VPAND Y7, Y6, Y6; VPAND Y8, Y6, Y6; \
	VPSUBUSB utf8Third<>(SB), Y2, Y7; VPSUBUSB utf8Fourth<>(SB), Y3, Y8; \
	VPOR Y8, Y7, Y7; VPAND utf8Bit7<>(SB), Y7, Y7; \
	VPXOR Y7, Y6, Y5; \
	VPCMPEQB utf8E2<>(SB), Y2, Y7; VPCMPEQB utf8Bit7<>(SB), Y1, Y8; VPAND Y8, Y7, Y7; \
	VPAND utf8FE<>(SB), Y0, Y8; VPCMPEQB utf8A8<>(SB), Y8, Y8; VPAND Y8, Y7, Y7; \
	VPOR Y7, Y5, Y5; \
	VPMINUB utf8Ctl<>(SB), Y0, Y7; VPCMPEQB Y0, Y7, Y7; VPOR Y7, Y5, Y5; \
	VPCMPEQB utf8Backslash<>(SB), Y0, Y7; VPOR Y7, Y5, Y5; \
	ESC

#define ESC_PLAIN VPCMPEQB utf8Quote<>(SB), Y0, Y7; VPOR Y7, Y5, Y5

// '"' and '&' differ in bit 2 only, '<' and '>' in bit 1.
#define ESC_HTML \
	VPOR utf8Bit2<>(SB), Y0, Y7; VPCMPEQB utf8Amp<>(SB), Y7, Y7; VPOR Y7, Y5, Y5; \
	VPOR utf8Bit1<>(SB), Y0, Y7; VPCMPEQB utf8Gt<>(SB), Y7, Y7; VPOR Y7, Y5, Y5

// MASK sets DX to a bit per flagged byte of Y5 (Y11 is zero).
#define MASK VPCMPEQB Y11, Y5, Y5; VPMOVMSKB Y5, DX; NOTL DX

#define SCANUTF8(ESC) \
	MOVQ s_base+0(FP), SI; \
	MOVQ s_len+8(FP), BX; \
	CMPQ BX, $32; \
	JLT short; \
	VMOVDQU utf8Prev1High<>(SB), Y12; \
	VMOVDQU utf8Prev1Low<>(SB), Y13; \
	VMOVDQU utf8CurHigh<>(SB), Y14; \
	VMOVDQU utf8Nibble<>(SB), Y15; \
	VPXOR Y11, Y11, Y11; \
	XORQ AX, AX; \
	MOVQ BX, CX; \
	SUBQ $32, CX; \
	VMOVDQU (SI), Y0; \
	SHIFTIN; \
	CHECK(ESC); \
	VPTEST Y5, Y5; \
	JNZ found; \
	MOVQ $32, AX; \
loop:; \
	CMPQ AX, CX; \
	JGT tail; \
	VMOVDQU (SI)(AX*1), Y0; \
	LOADPREV(AX); \
	CHECK(ESC); \
	VPTEST Y5, Y5; \
	JNZ found; \
	ADDQ $32, AX; \
	JMP loop; \
tail:; \
	CMPQ AX, BX; \
	JEQ none; \
	VMOVDQU (SI)(CX*1), Y0; \
	CMPQ CX, $3; \
	JLT tailshift; \
	LOADPREV(CX); \
	JMP tailcheck; \
tailshift:; \
	SHIFTIN; \
tailcheck:; \
	CHECK(ESC); \
	MASK; \
	MOVQ CX, R9; \
	MOVQ AX, CX; \
	SUBQ R9, CX; \
	SHRL CX, DX; \
	TESTL DX, DX; \
	JZ none; \
	JMP first; \
found:; \
	MASK; \
first:; \
	BSFL DX, DX; \
	ADDQ DX, AX; \
	MOVQ AX, ret+24(FP); \
	VZEROUPPER; \
	RET; \
none:; \
	MOVQ BX, ret+24(FP); \
	VZEROUPPER; \
	RET; \
short:; \
	MOVQ $0, ret+24(FP); \
	RET

// func indexUTF8(s []byte) int
TEXT ·indexUTF8(SB), NOSPLIT, $0-32
	SCANUTF8(ESC_PLAIN)

// func indexUTF8HTML(s []byte) int
TEXT ·indexUTF8HTML(SB), NOSPLIT, $0-32
	SCANUTF8(ESC_HTML)

// func cpuAVX2() bool
TEXT ·cpuAVX2(SB), NOSPLIT, $0-1
	XORL AX, AX
	XORL CX, CX
	CPUID
	CMPL AX, $7
	JLT no
	// CPUID.1: ECX bit 27 OSXSAVE, bit 28 AVX.
	MOVL $1, AX
	XORL CX, CX
	CPUID
	ANDL $0x18000000, CX
	CMPL CX, $0x18000000
	JNE no
	// XCR0: the OS saves the XMM (bit 1) and YMM (bit 2) state.
	XORL CX, CX
	XGETBV
	ANDL $6, AX
	CMPL AX, $6
	JNE no
	// CPUID.(7,0): EBX bit 5 AVX2.
	MOVL $7, AX
	XORL CX, CX
	CPUID
	ANDL $0x20, BX
	JZ no
	MOVB $1, ret+0(FP)
	RET
no:
	MOVB $0, ret+0(FP)
	RET
