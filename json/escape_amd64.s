//go:build !purego

#include "textflag.h"

// The index functions return the index of the first byte of s (at least
// 16 bytes long) in their class, or len(s). Each looks at 16 bytes at a
// time with SSE2 (baseline amd64): a class is a few byte compares ORed
// together, PMOVMSKB turns them into a bit per byte and BSF finds the
// first. The last bytes that do not fill 16 are looked at in the 16
// bytes that end the input, with the bits of those already seen shifted
// out.

// BCAST broadcasts the byte b to all 16 bytes of x.
#define BCAST(b, x) MOVL $(b*0x01010101), R8; MOVQ R8, x; PSHUFD $0, x, x

// The loop and tail shared by the functions: SETUP puts constants in
// X8..X14, BODY sets DX to the mask of X0's bytes in the class.
#define SCAN(SETUP, BODY) \
	MOVQ s_base+0(FP), SI; \
	MOVQ s_len+8(FP), BX; \
	SETUP; \
	XORQ AX, AX; \
	MOVQ BX, CX; \
	SUBQ $16, CX; \
loop:; \
	CMPQ AX, CX; \
	JGT tail; \
	MOVOU (SI)(AX*1), X0; \
	BODY; \
	TESTL DX, DX; \
	JNZ found; \
	ADDQ $16, AX; \
	JMP loop; \
tail:; \
	CMPQ AX, BX; \
	JEQ none; \
	MOVOU (SI)(CX*1), X0; \
	BODY; \
	MOVQ CX, R9; \
	MOVQ AX, CX; \
	SUBQ R9, CX; \
	SHRL CX, DX; \
	TESTL DX, DX; \
	JZ none; \
found:; \
	BSFL DX, DX; \
	ADDQ DX, AX; \
	MOVQ AX, ret+24(FP); \
	RET; \
none:; \
	MOVQ BX, ret+24(FP); \
	RET

// BITS64 sets out[k] to the class mask of s's k-th whole 64 bytes (bit j
// for byte 64k+j), for every whole 64 bytes of s; the bytes after them
// are left to the caller.
#define BITS64(SETUP, BODY) \
	MOVQ s_base+0(FP), SI; \
	MOVQ s_len+8(FP), BX; \
	MOVQ out+24(FP), DI; \
	SETUP; \
	SHRQ $6, BX; \
	JZ bdone; \
bloop:; \
	MOVOU 0(SI), X0; \
	BODY; \
	MOVQ DX, R10; \
	MOVOU 16(SI), X0; \
	BODY; \
	SHLQ $16, DX; \
	ORQ DX, R10; \
	MOVOU 32(SI), X0; \
	BODY; \
	SHLQ $32, DX; \
	ORQ DX, R10; \
	MOVOU 48(SI), X0; \
	BODY; \
	SHLQ $48, DX; \
	ORQ DX, R10; \
	MOVQ R10, (DI); \
	ADDQ $64, SI; \
	ADDQ $8, DI; \
	DECQ BX; \
	JNZ bloop; \
bdone:; \
	RET

// The escape class: bytes < 0x20 and >= 0x80 (signed, less than 0x20),
// '"' and '\\'; with html '<', '>' and '&' too ('"' and '&' differ in
// bit 2 only, '<' and '>' in bit 1).
#define ESC_SETUP BCAST(0x20, X8); BCAST(0x22, X9); BCAST(0x5c, X10)
#define ESC_BODY \
	MOVO X8, X1; PCMPGTB X0, X1; \
	MOVO X0, X2; PCMPEQB X9, X2; POR X2, X1; \
	MOVO X0, X3; PCMPEQB X10, X3; POR X3, X1; \
	PMOVMSKB X1, DX

#define ESCH_SETUP BCAST(0x20, X8); BCAST(0x26, X9); BCAST(0x5c, X10); BCAST(0x04, X11); BCAST(0x3e, X12); BCAST(0x02, X13)
#define ESCH_BODY \
	MOVO X8, X1; PCMPGTB X0, X1; \
	MOVO X0, X2; POR X11, X2; PCMPEQB X9, X2; POR X2, X1; \
	MOVO X0, X3; PCMPEQB X10, X3; POR X3, X1; \
	MOVO X0, X4; POR X13, X4; PCMPEQB X12, X4; POR X4, X1; \
	PMOVMSKB X1, DX

// The compaction class: bytes < 0x20 (unsigned: min(b, 0x1f) == b), '"'
// and '\\'; with html '<', '>', '&' and 0xE2 too.
#define CMP_SETUP BCAST(0x1f, X8); BCAST(0x22, X9); BCAST(0x5c, X10)
#define CMP_BODY \
	MOVO X0, X1; PMINUB X8, X1; PCMPEQB X0, X1; \
	MOVO X0, X2; PCMPEQB X9, X2; POR X2, X1; \
	MOVO X0, X3; PCMPEQB X10, X3; POR X3, X1; \
	PMOVMSKB X1, DX

#define CMPH_SETUP BCAST(0x1f, X8); BCAST(0x26, X9); BCAST(0x5c, X10); BCAST(0x04, X11); BCAST(0x3e, X12); BCAST(0x02, X13); BCAST(0xe2, X14)
#define CMPH_BODY \
	MOVO X0, X1; PMINUB X8, X1; PCMPEQB X0, X1; \
	MOVO X0, X2; POR X11, X2; PCMPEQB X9, X2; POR X2, X1; \
	MOVO X0, X3; PCMPEQB X10, X3; POR X3, X1; \
	MOVO X0, X4; POR X13, X4; PCMPEQB X12, X4; POR X4, X1; \
	MOVO X0, X5; PCMPEQB X14, X5; POR X5, X1; \
	PMOVMSKB X1, DX

// func indexEscape(s []byte) int
TEXT ·indexEscape(SB), NOSPLIT, $0-32
	SCAN(ESC_SETUP, ESC_BODY)

// func indexEscapeHTML(s []byte) int
TEXT ·indexEscapeHTML(SB), NOSPLIT, $0-32
	SCAN(ESCH_SETUP, ESCH_BODY)

// func compactBits(s []byte, out *uint64)
TEXT ·compactBits(SB), NOSPLIT, $0-32
	BITS64(CMP_SETUP, CMP_BODY)

// func compactBitsHTML(s []byte, out *uint64)
TEXT ·compactBitsHTML(SB), NOSPLIT, $0-32
	BITS64(CMPH_SETUP, CMPH_BODY)
