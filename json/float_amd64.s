//go:build !purego

#include "textflag.h"

// formatDecimal writes a float's shortest decimal with SSE2 (baseline
// amd64); float_amd64.go gives its contract.
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

// The multipliers, four lanes repeated: 2^23/1000, 2^19/100, 2^17/10
// and 2^15 (rounded up) for 4w, then 2^7, 2^11, 2^13 and 2^15, so that
// the lanes are 4w*m >> 32+{9,5,3,1}.
DATA fdRecip<>+0(SB)/8, $0x80003334147B20C5
DATA fdRecip<>+8(SB)/8, $0x80003334147B20C5
GLOBL fdRecip<>(SB), RODATA|NOPTR, $16
DATA fdShift<>+0(SB)/8, $0x8000200008000080
DATA fdShift<>+8(SB)/8, $0x8000200008000080
GLOBL fdShift<>(SB), RODATA|NOPTR, $16
DATA fdTen<>+0(SB)/8, $0x000A000A000A000A
DATA fdTen<>+8(SB)/8, $0x000A000A000A000A
GLOBL fdTen<>(SB), RODATA|NOPTR, $16
DATA fdZeros<>+0(SB)/8, $0x3030303030303030
DATA fdZeros<>+8(SB)/8, $0x3030303030303030
GLOBL fdZeros<>(SB), RODATA|NOPTR, $16

// func formatDecimal(out *byte, d uint64, e int) int
TEXT ·formatDecimal(SB), NOSPLIT, $0-32
	MOVQ out+0(FP), DI
	MOVQ d+8(FP), SI
	MOVQ e+16(FP), R8

	// x = d / 10^8 (the compiler's reciprocal), lo8 = d - x*10^8 (R10);
	// top = x / 10^8 (R11: x < 10^9, 2^57/10^8 rounded up is exact
	// there), hi8 = x - top*10^8 (DX).
	MOVQ $0xABCC77118461CEFD, AX
	MULQ SI
	SHRQ $26, DX
	IMUL3Q $100000000, DX, R9
	MOVQ SI, R10
	SUBQ R9, R10
	IMUL3Q $1441151881, DX, R11
	SHRQ $57, R11
	IMUL3Q $100000000, R11, R9
	SUBQ R9, DX

	// Each group as w1*10^4 + w2 (w1 = g*(2^45/10^4 rounded up) >> 45),
	// packed as 4*w1 | 4*w2<<32 into X0 (hi8) and X1 (lo8).
	MOVL $0xD1B71759, R13
	MOVQ DX, AX
	IMULQ R13, AX
	SHRQ $45, AX
	IMUL3Q $10000, AX, R9
	SUBQ R9, DX
	SHLQ $32, DX
	ORQ AX, DX
	SHLQ $2, DX
	MOVQ DX, X0
	MOVQ R10, AX
	IMULQ R13, AX
	SHRQ $45, AX
	IMUL3Q $10000, AX, R9
	SUBQ R9, R10
	SHLQ $32, R10
	ORQ AX, R10
	SHLQ $2, R10
	MOVQ R10, X1

	// Four lanes of each w: X0 = hi8's two, X1 = lo8's.
	PUNPCKLWL X0, X0
	PUNPCKLWL X1, X1
	PSHUFD $0xA0, X0, X0
	PSHUFD $0xA0, X1, X1
	MOVOU fdRecip<>(SB), X4
	MOVOU fdShift<>(SB), X5
	MOVOU fdTen<>(SB), X6
	PMULHUW X4, X0
	PMULHUW X4, X1
	PMULHUW X5, X0
	PMULHUW X5, X1
	MOVO X0, X2
	MOVO X1, X3
	PMULLW X6, X2
	PMULLW X6, X3
	PSLLQ $16, X2
	PSLLQ $16, X3
	PSUBW X2, X0
	PSUBW X3, X1
	PACKUSWB X1, X0

	// AX: the mask of the 16 digits that are not zero.
	PXOR X7, X7
	PCMPEQB X0, X7
	PMOVMSKB X7, AX
	XORL $0xFFFF, AX
	MOVOU fdZeros<>(SB), X6
	POR X6, X0

	// BX = 1 when top is d's first digit, 0 when the first of the 16
	// is; any other d is left to the caller.
	MOVQ $1, BX
	TESTQ R11, R11
	JNZ first
	TESTL $1, AX
	JZ none
	XORQ BX, BX
first:
	ADDQ $'0', R11
	// CX = the place of d's last digit that is not zero among the 17
	// (0: top); R9 = nd, the digits kept; R10 = dp, the digits before
	// the point (16+BX digits, times 10^e).
	XORQ CX, CX
	TESTL AX, AX
	JZ last
	BSRL AX, CX
	INCQ CX
last:
	LEAQ (CX)(BX*1), R9
	LEAQ 16(R8)(BX*1), R10
	TESTQ R10, R10
	JLE small
	CMPQ R10, R9
	JGE integer

	// d.ddd: the digits, the point at dp, and after it the digits from
	// dp on (from the 16's j = dp-BX), shifted by j bytes.
	MOVB R11, (DI)
	MOVOU X0, (DI)(BX*1)
	MOVB $'.', (DI)(R10*1)
	MOVQ X0, R13
	PSRLDQ $8, X0
	MOVQ X0, DX
	MOVQ R10, CX
	SUBQ BX, CX
	SHLQ $3, CX
	CMPQ CX, $64
	JAE high
	SHRQ CX, DX, R13
	SHRQ CX, DX
	JMP point
high:
	SHRQ CX, DX // by CX-64: the count is taken mod 64
	MOVQ DX, R13
	XORQ DX, DX
point:
	MOVQ R13, 1(DI)(R10*1)
	MOVQ DX, 9(DI)(R10*1)
	INCQ R9
	MOVQ R9, ret+24(FP)
	RET

integer:
	// ddd000: the places past nd already hold zeros, and dp <= 21.
	MOVB R11, (DI)
	MOVOU X0, (DI)(BX*1)
	MOVQ $0x3030303030303030, DX
	MOVQ DX, 16(DI)(BX*1)
	MOVQ R10, ret+24(FP)
	RET

small:
	// 0.000ddd: dp >= -5.
	MOVQ $0x3030303030302E30, DX // "0.000000"
	MOVQ DX, (DI)
	MOVQ $2, CX
	SUBQ R10, CX
	ADDQ CX, DI
	MOVB R11, (DI)
	MOVOU X0, (DI)(BX*1)
	ADDQ CX, R9
	MOVQ R9, ret+24(FP)
	RET

none:
	MOVQ $0, ret+24(FP)
	RET
