//go:build !purego

#include "textflag.h"

// A float64's shortest decimal in the 'f' format, with SSE2 (baseline
// amd64): formatFloat64 finds the decimal (Schubfach, as schubfach in
// encode_float.go) and writes it with DECIMAL; formatDecimal, DECIMAL
// alone, is for the tests. float_amd64.go gives their contracts.
//
// d's 17 digit places are top (d / 10^16) and two groups of eight below
// it. The groups are split into four numbers w below 10^4, each copied
// into four 16-bit lanes (two registers of eight lanes) as 4w; two
// multiplications keeping the high halves (PMULHUW by a reciprocal, then
// by a power of two) leave w/1000, w/100, w/10 and w in the four lanes,
// and ten times each lane, moved one lane on and subtracted, leaves w's
// four digits. PACKUSWB makes the 16 digits bytes, PCMPEQB and PMOVMSKB
// the mask of their zeros, from which come d's first digit and its last
// one that is not zero. Each part of the output is then stored whole:
// the digits as 16 bytes, those after the point shifted into place in
// two registers (SHRQ by CL; SHRQ CX, hi, lo for the pair): nothing just
// stored is loaded back, which would stall.

// A 16-byte constant: the word w twice (as utf8_amd64.s's CONST32).
#define CONST16(name, w) \
	DATA name<>+0(SB)/8, $w; \
	DATA name<>+8(SB)/8, $w; \
	GLOBL name<>(SB), RODATA|NOPTR, $16

// The multipliers, four lanes repeated: 2^23/1000, 2^19/100, 2^17/10
// and 2^15 (rounded up) for 4w, then 2^7, 2^11, 2^13 and 2^15: the lanes
// become 4w*m >> 25, 21, 19 and 17, exact for w < 10^4.
CONST16(fdRecip, 0x80003334147B20C5)
CONST16(fdShift, 0x8000200008000080)
CONST16(fdTen, 0x000A000A000A000A)
CONST16(fdZeros, 0x3030303030303030)

// DECIMAL writes d (SI) times 10^e (R8) to out (DI) and leaves the count
// of bytes written, or 0, in R9.
//
// x = d / 10^8 (the compiler's reciprocal), lo8 = d - x*10^8 (R10);
// top = x / 10^8 (R11: x < 10^9, 2^57/10^8 rounded up is exact there),
// hi8 = x - top*10^8 (DX). Each group is w1*10^4 + w2 (w1 = g*(2^45/10^4
// rounded up) >> 45), packed as 4*w1 | 4*w2<<32 into X0 (hi8) and X1
// (lo8), whose four lanes of each w the multiplications turn into digits.
// AX is then the mask of the 16 digits that are not zero; BX is 1 when
// top is d's first digit, 0 when the first of the 16 is (any other d is
// left to the caller: none); CX is the place of d's last digit that is
// not zero among the 17 (0: top), R9 = nd the digits kept, R10 = dp the
// digits before the point (16+BX digits, times 10^e). The three forms:
// d.ddd (the digits, the point at dp, and after it the digits from dp on,
// the 16's from j = dp-BX, shifted j bytes in the pair of registers; a
// shift by CX-64 when j >= 8: the count is taken mod 64); ddd000 (the
// places past nd already hold zeros, and dp <= 21); 0.000ddd (dp >= -5).
#define DECIMAL \
	MOVQ $0xABCC77118461CEFD, AX; \
	MULQ SI; \
	SHRQ $26, DX; \
	IMUL3Q $100000000, DX, R9; \
	MOVQ SI, R10; \
	SUBQ R9, R10; \
	IMUL3Q $1441151881, DX, R11; \
	SHRQ $57, R11; \
	IMUL3Q $100000000, R11, R9; \
	SUBQ R9, DX; \
	MOVL $0xD1B71759, R13; \
	MOVQ DX, AX; \
	IMULQ R13, AX; \
	SHRQ $45, AX; \
	IMUL3Q $10000, AX, R9; \
	SUBQ R9, DX; \
	SHLQ $32, DX; \
	ORQ AX, DX; \
	SHLQ $2, DX; \
	MOVQ DX, X0; \
	MOVQ R10, AX; \
	IMULQ R13, AX; \
	SHRQ $45, AX; \
	IMUL3Q $10000, AX, R9; \
	SUBQ R9, R10; \
	SHLQ $32, R10; \
	ORQ AX, R10; \
	SHLQ $2, R10; \
	MOVQ R10, X1; \
	PUNPCKLWL X0, X0; \
	PUNPCKLWL X1, X1; \
	PSHUFD $0xA0, X0, X0; \
	PSHUFD $0xA0, X1, X1; \
	MOVOU fdRecip<>(SB), X4; \
	MOVOU fdShift<>(SB), X5; \
	MOVOU fdTen<>(SB), X6; \
	PMULHUW X4, X0; \
	PMULHUW X4, X1; \
	PMULHUW X5, X0; \
	PMULHUW X5, X1; \
	MOVO X0, X2; \
	MOVO X1, X3; \
	PMULLW X6, X2; \
	PMULLW X6, X3; \
	PSLLQ $16, X2; \
	PSLLQ $16, X3; \
	PSUBW X2, X0; \
	PSUBW X3, X1; \
	PACKUSWB X1, X0; \
	PXOR X7, X7; \
	PCMPEQB X0, X7; \
	PMOVMSKB X7, AX; \
	XORL $0xFFFF, AX; \
	MOVOU fdZeros<>(SB), X6; \
	POR X6, X0; \
	MOVQ $1, BX; \
	TESTQ R11, R11; \
	JNZ first; \
	TESTL $1, AX; \
	JZ none; \
	XORQ BX, BX; \
first:; \
	ADDQ $'0', R11; \
	XORQ CX, CX; \
	TESTL AX, AX; \
	JZ last; \
	BSRL AX, CX; \
	INCQ CX; \
last:; \
	LEAQ (CX)(BX*1), R9; \
	LEAQ 16(R8)(BX*1), R10; \
	TESTQ R10, R10; \
	JLE small; \
	CMPQ R10, R9; \
	JGE integer; \
	MOVB R11, (DI); \
	MOVOU X0, (DI)(BX*1); \
	MOVB $'.', (DI)(R10*1); \
	MOVQ X0, R13; \
	PSRLDQ $8, X0; \
	MOVQ X0, DX; \
	MOVQ R10, CX; \
	SUBQ BX, CX; \
	SHLQ $3, CX; \
	CMPQ CX, $64; \
	JAE high; \
	SHRQ CX, DX, R13; \
	SHRQ CX, DX; \
	JMP point; \
high:; \
	SHRQ CX, DX; \
	MOVQ DX, R13; \
	XORQ DX, DX; \
point:; \
	MOVQ R13, 1(DI)(R10*1); \
	MOVQ DX, 9(DI)(R10*1); \
	INCQ R9; \
	JMP done; \
integer:; \
	MOVB R11, (DI); \
	MOVOU X0, (DI)(BX*1); \
	MOVQ $0x3030303030303030, DX; \
	MOVQ DX, 16(DI)(BX*1); \
	MOVQ R10, R9; \
	JMP done; \
small:; \
	MOVQ $0x3030303030302E30, DX; \
	MOVQ DX, (DI); \
	MOVQ $2, CX; \
	SUBQ R10, CX; \
	ADDQ CX, DI; \
	MOVB R11, (DI); \
	MOVOU X0, (DI)(BX*1); \
	ADDQ CX, R9; \
	JMP done; \
none:; \
	XORQ R9, R9; \
done:

// func formatDecimal(out *byte, d uint64, e int) int
TEXT ·formatDecimal(SB), NOSPLIT, $0-32
	MOVQ out+0(FP), DI
	MOVQ d+8(FP), SI
	MOVQ e+16(FP), R8
	DECIMAL
	MOVQ R9, ret+24(FP)
	RET

// ROUNDODD sets dst to floor(g*cp / 2^127), its lowest bit set when the
// quotient is inexact (roundOdd in encode_float.go), g = (BX) * 2^63 +
// 8(BX); tmp is clobbered, and AX and DX. The bits below the quotient
// are z's low 63 bits: shifted left by one, NEGQ sets the carry when any
// is set and SBBQ spreads it.
#define ROUNDODD(cp, dst, tmp) \
	MOVQ 8(BX), AX; \
	MULQ cp; \
	MOVQ DX, tmp; \
	MOVQ (BX), AX; \
	MULQ cp; \
	SHRQ $1, AX; \
	ADDQ tmp, AX; \
	MOVQ AX, tmp; \
	SHRQ $63, tmp; \
	ADDQ tmp, DX; \
	SHLQ $1, AX; \
	NEGQ AX; \
	SBBQ AX, AX; \
	ANDL $1, AX; \
	ORQ AX, DX; \
	MOVQ DX, dst

// func formatFloat64(out *byte, u uint64) int
//
// schubfach (encode_float.go) for the float64 of bits u, then DECIMAL.
// The choice among the candidates is made with SETcc and CMOV.
TEXT ·formatFloat64(SB), NOSPLIT, $0-24
	MOVQ u+8(FP), R9
	// R10 = q, R11 = c, R12 = irregular (0 or 1: the least significand
	// of an exponent above the least), R13 = c&1.
	MOVQ R9, R10
	SHRQ $52, R10
	MOVQ $0xFFFFFFFFFFFFF, R11
	ANDQ R9, R11
	XORL R12, R12
	CMPQ R10, $1
	SETHI R12B
	XORL AX, AX
	TESTQ R11, R11
	SETEQ AL
	ANDQ AX, R12
	BTSQ $52, R11
	SUBQ $1075, R10
	MOVQ R11, R13
	ANDQ $1, R13

	// R8 = k = floor(q*log10(2)), or floor(log10(3/4 * 2^q)) when
	// irregular.
	MOVQ $661971961083, AX
	IMULQ R10, AX
	TESTQ R12, R12
	JZ regular
	MOVQ $274743187321, DX
	SUBQ DX, AX
regular:
	SARQ $41, AX
	MOVQ AX, R8

	// CX = h = q + floor(-k*log2(10)) + 2; BX = &floatPow10[-k-floatPow10Min].
	MOVQ R8, AX
	NEGQ AX
	MOVQ AX, BX
	MOVQ $913124641741, DX
	IMULQ DX, AX
	SARQ $38, AX
	LEAQ 2(R10)(AX*1), CX
	ADDQ $292, BX
	SHLQ $4, BX
	LEAQ ·floatPow10(SB), AX
	ADDQ AX, BX

	// cb<<h (R11), cbl<<h (R9: cb-2, or cb-1 when irregular), cbr<<h
	// (R10); then vb (SI), vbl (R9), vbr (R10).
	SHLQ $2, R11
	LEAQ -2(R11)(R12*1), R9
	LEAQ 2(R11), R10
	SHLQ CX, R11
	SHLQ CX, R9
	SHLQ CX, R10
	ROUNDODD(R11, SI, DI)
	ROUNDODD(R9, R9, DI)
	ROUNDODD(R10, R10, DI)

	// R11 = s = vb>>2, DX = sp10 = s/10*10 (the compiler's reciprocal
	// of 10); R9 = lo = vbl+out, R10 = hi = vbr-out.
	MOVQ SI, R11
	SHRQ $2, R11
	MOVQ $0xCCCCCCCCCCCCCCCD, AX
	MULQ R11
	SHRQ $3, DX
	LEAQ (DX)(DX*4), DX
	SHLQ $1, DX
	ADDQ R13, R9
	SUBQ R13, R10

	// CX = s+up, up: vb > 4s+2 (t = s+1 is closer), at a tie s&1.
	// encode_float.go's schubfach has two more rules, which no float of
	// this range needs: the one of s and t that is in the interval when
	// only one is (the interval is at least one unit wide, so the closer
	// one is always in it but at irregular significands, and none of
	// those here has the other one alone: TestFormatFloat64 tries them
	// all), and the irregular ties' (float64 has one, below 10^-6).
	LEAQ (R11*4), BX
	LEAQ 2(BX), AX
	MOVQ R11, DI
	ANDQ $1, DI
	XORL CX, CX
	CMPQ SI, AX
	SETHI CL
	CMOVQEQ DI, CX
	ADDQ R11, CX
	// When exactly one of sp10 and tp10 = sp10+10 is, it.
	LEAQ (DX*4), BX
	XORL AX, AX
	XORL DI, DI
	CMPQ R9, BX
	SETLS AL
	ADDQ $40, BX
	CMPQ BX, R10
	SETLS DIB
	LEAQ (DI)(DI*4), BX
	LEAQ (DX)(BX*2), BX
	CMPB AL, DIB
	CMOVQNE BX, CX

	MOVQ CX, SI
	MOVQ out+0(FP), DI
	DECIMAL
	MOVQ R9, ret+16(FP)
	RET
