package json_test

import (
	"bytes"
	"encoding"
	stdjson "encoding/json"
	"fmt"
	"math"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	sjson "github.com/simdjson-cgo/simdjson/json"
)

// Regression tests for faults an adversarial review found.

// recTree is a self-referencing type with a large struct after the
// reference, so that building its encoder takes long enough for other
// goroutines to look up *recTree's while recTree's is unfinished.
type recTree struct {
	Kids []*recTree
	Pad  recPad
}

type recPad struct {
	F0   int `json:"f0,omitempty"`
	F1   int `json:"f1,omitempty"`
	F2   int `json:"f2,omitempty"`
	F3   int `json:"f3,omitempty"`
	F4   int `json:"f4,omitempty"`
	F5   int `json:"f5,omitempty"`
	F6   int `json:"f6,omitempty"`
	F7   int `json:"f7,omitempty"`
	F8   int `json:"f8,omitempty"`
	F9   int `json:"f9,omitempty"`
	F10  int `json:"f10,omitempty"`
	F11  int `json:"f11,omitempty"`
	F12  int `json:"f12,omitempty"`
	F13  int `json:"f13,omitempty"`
	F14  int `json:"f14,omitempty"`
	F15  int `json:"f15,omitempty"`
	F16  int `json:"f16,omitempty"`
	F17  int `json:"f17,omitempty"`
	F18  int `json:"f18,omitempty"`
	F19  int `json:"f19,omitempty"`
	F20  int `json:"f20,omitempty"`
	F21  int `json:"f21,omitempty"`
	F22  int `json:"f22,omitempty"`
	F23  int `json:"f23,omitempty"`
	F24  int `json:"f24,omitempty"`
	F25  int `json:"f25,omitempty"`
	F26  int `json:"f26,omitempty"`
	F27  int `json:"f27,omitempty"`
	F28  int `json:"f28,omitempty"`
	F29  int `json:"f29,omitempty"`
	F30  int `json:"f30,omitempty"`
	F31  int `json:"f31,omitempty"`
	F32  int `json:"f32,omitempty"`
	F33  int `json:"f33,omitempty"`
	F34  int `json:"f34,omitempty"`
	F35  int `json:"f35,omitempty"`
	F36  int `json:"f36,omitempty"`
	F37  int `json:"f37,omitempty"`
	F38  int `json:"f38,omitempty"`
	F39  int `json:"f39,omitempty"`
	F40  int `json:"f40,omitempty"`
	F41  int `json:"f41,omitempty"`
	F42  int `json:"f42,omitempty"`
	F43  int `json:"f43,omitempty"`
	F44  int `json:"f44,omitempty"`
	F45  int `json:"f45,omitempty"`
	F46  int `json:"f46,omitempty"`
	F47  int `json:"f47,omitempty"`
	F48  int `json:"f48,omitempty"`
	F49  int `json:"f49,omitempty"`
	F50  int `json:"f50,omitempty"`
	F51  int `json:"f51,omitempty"`
	F52  int `json:"f52,omitempty"`
	F53  int `json:"f53,omitempty"`
	F54  int `json:"f54,omitempty"`
	F55  int `json:"f55,omitempty"`
	F56  int `json:"f56,omitempty"`
	F57  int `json:"f57,omitempty"`
	F58  int `json:"f58,omitempty"`
	F59  int `json:"f59,omitempty"`
	F60  int `json:"f60,omitempty"`
	F61  int `json:"f61,omitempty"`
	F62  int `json:"f62,omitempty"`
	F63  int `json:"f63,omitempty"`
	F64  int `json:"f64,omitempty"`
	F65  int `json:"f65,omitempty"`
	F66  int `json:"f66,omitempty"`
	F67  int `json:"f67,omitempty"`
	F68  int `json:"f68,omitempty"`
	F69  int `json:"f69,omitempty"`
	F70  int `json:"f70,omitempty"`
	F71  int `json:"f71,omitempty"`
	F72  int `json:"f72,omitempty"`
	F73  int `json:"f73,omitempty"`
	F74  int `json:"f74,omitempty"`
	F75  int `json:"f75,omitempty"`
	F76  int `json:"f76,omitempty"`
	F77  int `json:"f77,omitempty"`
	F78  int `json:"f78,omitempty"`
	F79  int `json:"f79,omitempty"`
	F80  int `json:"f80,omitempty"`
	F81  int `json:"f81,omitempty"`
	F82  int `json:"f82,omitempty"`
	F83  int `json:"f83,omitempty"`
	F84  int `json:"f84,omitempty"`
	F85  int `json:"f85,omitempty"`
	F86  int `json:"f86,omitempty"`
	F87  int `json:"f87,omitempty"`
	F88  int `json:"f88,omitempty"`
	F89  int `json:"f89,omitempty"`
	F90  int `json:"f90,omitempty"`
	F91  int `json:"f91,omitempty"`
	F92  int `json:"f92,omitempty"`
	F93  int `json:"f93,omitempty"`
	F94  int `json:"f94,omitempty"`
	F95  int `json:"f95,omitempty"`
	F96  int `json:"f96,omitempty"`
	F97  int `json:"f97,omitempty"`
	F98  int `json:"f98,omitempty"`
	F99  int `json:"f99,omitempty"`
	F100 int `json:"f100,omitempty"`
	F101 int `json:"f101,omitempty"`
	F102 int `json:"f102,omitempty"`
	F103 int `json:"f103,omitempty"`
	F104 int `json:"f104,omitempty"`
	F105 int `json:"f105,omitempty"`
	F106 int `json:"f106,omitempty"`
	F107 int `json:"f107,omitempty"`
	F108 int `json:"f108,omitempty"`
	F109 int `json:"f109,omitempty"`
	F110 int `json:"f110,omitempty"`
	F111 int `json:"f111,omitempty"`
	F112 int `json:"f112,omitempty"`
	F113 int `json:"f113,omitempty"`
	F114 int `json:"f114,omitempty"`
	F115 int `json:"f115,omitempty"`
	F116 int `json:"f116,omitempty"`
	F117 int `json:"f117,omitempty"`
	F118 int `json:"f118,omitempty"`
	F119 int `json:"f119,omitempty"`
	F120 int `json:"f120,omitempty"`
	F121 int `json:"f121,omitempty"`
	F122 int `json:"f122,omitempty"`
	F123 int `json:"f123,omitempty"`
	F124 int `json:"f124,omitempty"`
	F125 int `json:"f125,omitempty"`
	F126 int `json:"f126,omitempty"`
	F127 int `json:"f127,omitempty"`
	F128 int `json:"f128,omitempty"`
	F129 int `json:"f129,omitempty"`
	F130 int `json:"f130,omitempty"`
	F131 int `json:"f131,omitempty"`
	F132 int `json:"f132,omitempty"`
	F133 int `json:"f133,omitempty"`
	F134 int `json:"f134,omitempty"`
	F135 int `json:"f135,omitempty"`
	F136 int `json:"f136,omitempty"`
	F137 int `json:"f137,omitempty"`
	F138 int `json:"f138,omitempty"`
	F139 int `json:"f139,omitempty"`
	F140 int `json:"f140,omitempty"`
	F141 int `json:"f141,omitempty"`
	F142 int `json:"f142,omitempty"`
	F143 int `json:"f143,omitempty"`
	F144 int `json:"f144,omitempty"`
	F145 int `json:"f145,omitempty"`
	F146 int `json:"f146,omitempty"`
	F147 int `json:"f147,omitempty"`
	F148 int `json:"f148,omitempty"`
	F149 int `json:"f149,omitempty"`
	F150 int `json:"f150,omitempty"`
	F151 int `json:"f151,omitempty"`
	F152 int `json:"f152,omitempty"`
	F153 int `json:"f153,omitempty"`
	F154 int `json:"f154,omitempty"`
	F155 int `json:"f155,omitempty"`
	F156 int `json:"f156,omitempty"`
	F157 int `json:"f157,omitempty"`
	F158 int `json:"f158,omitempty"`
	F159 int `json:"f159,omitempty"`
	F160 int `json:"f160,omitempty"`
	F161 int `json:"f161,omitempty"`
	F162 int `json:"f162,omitempty"`
	F163 int `json:"f163,omitempty"`
	F164 int `json:"f164,omitempty"`
	F165 int `json:"f165,omitempty"`
	F166 int `json:"f166,omitempty"`
	F167 int `json:"f167,omitempty"`
	F168 int `json:"f168,omitempty"`
	F169 int `json:"f169,omitempty"`
	F170 int `json:"f170,omitempty"`
	F171 int `json:"f171,omitempty"`
	F172 int `json:"f172,omitempty"`
	F173 int `json:"f173,omitempty"`
	F174 int `json:"f174,omitempty"`
	F175 int `json:"f175,omitempty"`
	F176 int `json:"f176,omitempty"`
	F177 int `json:"f177,omitempty"`
	F178 int `json:"f178,omitempty"`
	F179 int `json:"f179,omitempty"`
	F180 int `json:"f180,omitempty"`
	F181 int `json:"f181,omitempty"`
	F182 int `json:"f182,omitempty"`
	F183 int `json:"f183,omitempty"`
	F184 int `json:"f184,omitempty"`
	F185 int `json:"f185,omitempty"`
	F186 int `json:"f186,omitempty"`
	F187 int `json:"f187,omitempty"`
	F188 int `json:"f188,omitempty"`
	F189 int `json:"f189,omitempty"`
	F190 int `json:"f190,omitempty"`
	F191 int `json:"f191,omitempty"`
	F192 int `json:"f192,omitempty"`
	F193 int `json:"f193,omitempty"`
	F194 int `json:"f194,omitempty"`
	F195 int `json:"f195,omitempty"`
	F196 int `json:"f196,omitempty"`
	F197 int `json:"f197,omitempty"`
	F198 int `json:"f198,omitempty"`
	F199 int `json:"f199,omitempty"`
	F200 int `json:"f200,omitempty"`
	F201 int `json:"f201,omitempty"`
	F202 int `json:"f202,omitempty"`
	F203 int `json:"f203,omitempty"`
	F204 int `json:"f204,omitempty"`
	F205 int `json:"f205,omitempty"`
	F206 int `json:"f206,omitempty"`
	F207 int `json:"f207,omitempty"`
	F208 int `json:"f208,omitempty"`
	F209 int `json:"f209,omitempty"`
	F210 int `json:"f210,omitempty"`
	F211 int `json:"f211,omitempty"`
	F212 int `json:"f212,omitempty"`
	F213 int `json:"f213,omitempty"`
	F214 int `json:"f214,omitempty"`
	F215 int `json:"f215,omitempty"`
	F216 int `json:"f216,omitempty"`
	F217 int `json:"f217,omitempty"`
	F218 int `json:"f218,omitempty"`
	F219 int `json:"f219,omitempty"`
	F220 int `json:"f220,omitempty"`
	F221 int `json:"f221,omitempty"`
	F222 int `json:"f222,omitempty"`
	F223 int `json:"f223,omitempty"`
	F224 int `json:"f224,omitempty"`
	F225 int `json:"f225,omitempty"`
	F226 int `json:"f226,omitempty"`
	F227 int `json:"f227,omitempty"`
	F228 int `json:"f228,omitempty"`
	F229 int `json:"f229,omitempty"`
	F230 int `json:"f230,omitempty"`
	F231 int `json:"f231,omitempty"`
	F232 int `json:"f232,omitempty"`
	F233 int `json:"f233,omitempty"`
	F234 int `json:"f234,omitempty"`
	F235 int `json:"f235,omitempty"`
	F236 int `json:"f236,omitempty"`
	F237 int `json:"f237,omitempty"`
	F238 int `json:"f238,omitempty"`
	F239 int `json:"f239,omitempty"`
	F240 int `json:"f240,omitempty"`
	F241 int `json:"f241,omitempty"`
	F242 int `json:"f242,omitempty"`
	F243 int `json:"f243,omitempty"`
	F244 int `json:"f244,omitempty"`
	F245 int `json:"f245,omitempty"`
	F246 int `json:"f246,omitempty"`
	F247 int `json:"f247,omitempty"`
	F248 int `json:"f248,omitempty"`
	F249 int `json:"f249,omitempty"`
	F250 int `json:"f250,omitempty"`
	F251 int `json:"f251,omitempty"`
	F252 int `json:"f252,omitempty"`
	F253 int `json:"f253,omitempty"`
	F254 int `json:"f254,omitempty"`
	F255 int `json:"f255,omitempty"`
	F256 int `json:"f256,omitempty"`
	F257 int `json:"f257,omitempty"`
	F258 int `json:"f258,omitempty"`
	F259 int `json:"f259,omitempty"`
	F260 int `json:"f260,omitempty"`
	F261 int `json:"f261,omitempty"`
	F262 int `json:"f262,omitempty"`
	F263 int `json:"f263,omitempty"`
	F264 int `json:"f264,omitempty"`
	F265 int `json:"f265,omitempty"`
	F266 int `json:"f266,omitempty"`
	F267 int `json:"f267,omitempty"`
	F268 int `json:"f268,omitempty"`
	F269 int `json:"f269,omitempty"`
	F270 int `json:"f270,omitempty"`
	F271 int `json:"f271,omitempty"`
	F272 int `json:"f272,omitempty"`
	F273 int `json:"f273,omitempty"`
	F274 int `json:"f274,omitempty"`
	F275 int `json:"f275,omitempty"`
	F276 int `json:"f276,omitempty"`
	F277 int `json:"f277,omitempty"`
	F278 int `json:"f278,omitempty"`
	F279 int `json:"f279,omitempty"`
	F280 int `json:"f280,omitempty"`
	F281 int `json:"f281,omitempty"`
	F282 int `json:"f282,omitempty"`
	F283 int `json:"f283,omitempty"`
	F284 int `json:"f284,omitempty"`
	F285 int `json:"f285,omitempty"`
	F286 int `json:"f286,omitempty"`
	F287 int `json:"f287,omitempty"`
	F288 int `json:"f288,omitempty"`
	F289 int `json:"f289,omitempty"`
	F290 int `json:"f290,omitempty"`
	F291 int `json:"f291,omitempty"`
	F292 int `json:"f292,omitempty"`
	F293 int `json:"f293,omitempty"`
	F294 int `json:"f294,omitempty"`
	F295 int `json:"f295,omitempty"`
	F296 int `json:"f296,omitempty"`
	F297 int `json:"f297,omitempty"`
	F298 int `json:"f298,omitempty"`
	F299 int `json:"f299,omitempty"`
	F300 int `json:"f300,omitempty"`
	F301 int `json:"f301,omitempty"`
	F302 int `json:"f302,omitempty"`
	F303 int `json:"f303,omitempty"`
	F304 int `json:"f304,omitempty"`
	F305 int `json:"f305,omitempty"`
	F306 int `json:"f306,omitempty"`
	F307 int `json:"f307,omitempty"`
	F308 int `json:"f308,omitempty"`
	F309 int `json:"f309,omitempty"`
	F310 int `json:"f310,omitempty"`
	F311 int `json:"f311,omitempty"`
	F312 int `json:"f312,omitempty"`
	F313 int `json:"f313,omitempty"`
	F314 int `json:"f314,omitempty"`
	F315 int `json:"f315,omitempty"`
	F316 int `json:"f316,omitempty"`
	F317 int `json:"f317,omitempty"`
	F318 int `json:"f318,omitempty"`
	F319 int `json:"f319,omitempty"`
	F320 int `json:"f320,omitempty"`
	F321 int `json:"f321,omitempty"`
	F322 int `json:"f322,omitempty"`
	F323 int `json:"f323,omitempty"`
	F324 int `json:"f324,omitempty"`
	F325 int `json:"f325,omitempty"`
	F326 int `json:"f326,omitempty"`
	F327 int `json:"f327,omitempty"`
	F328 int `json:"f328,omitempty"`
	F329 int `json:"f329,omitempty"`
	F330 int `json:"f330,omitempty"`
	F331 int `json:"f331,omitempty"`
	F332 int `json:"f332,omitempty"`
	F333 int `json:"f333,omitempty"`
	F334 int `json:"f334,omitempty"`
	F335 int `json:"f335,omitempty"`
	F336 int `json:"f336,omitempty"`
	F337 int `json:"f337,omitempty"`
	F338 int `json:"f338,omitempty"`
	F339 int `json:"f339,omitempty"`
	F340 int `json:"f340,omitempty"`
	F341 int `json:"f341,omitempty"`
	F342 int `json:"f342,omitempty"`
	F343 int `json:"f343,omitempty"`
	F344 int `json:"f344,omitempty"`
	F345 int `json:"f345,omitempty"`
	F346 int `json:"f346,omitempty"`
	F347 int `json:"f347,omitempty"`
	F348 int `json:"f348,omitempty"`
	F349 int `json:"f349,omitempty"`
	F350 int `json:"f350,omitempty"`
	F351 int `json:"f351,omitempty"`
	F352 int `json:"f352,omitempty"`
	F353 int `json:"f353,omitempty"`
	F354 int `json:"f354,omitempty"`
	F355 int `json:"f355,omitempty"`
	F356 int `json:"f356,omitempty"`
	F357 int `json:"f357,omitempty"`
	F358 int `json:"f358,omitempty"`
	F359 int `json:"f359,omitempty"`
	F360 int `json:"f360,omitempty"`
	F361 int `json:"f361,omitempty"`
	F362 int `json:"f362,omitempty"`
	F363 int `json:"f363,omitempty"`
	F364 int `json:"f364,omitempty"`
	F365 int `json:"f365,omitempty"`
	F366 int `json:"f366,omitempty"`
	F367 int `json:"f367,omitempty"`
	F368 int `json:"f368,omitempty"`
	F369 int `json:"f369,omitempty"`
	F370 int `json:"f370,omitempty"`
	F371 int `json:"f371,omitempty"`
	F372 int `json:"f372,omitempty"`
	F373 int `json:"f373,omitempty"`
	F374 int `json:"f374,omitempty"`
	F375 int `json:"f375,omitempty"`
	F376 int `json:"f376,omitempty"`
	F377 int `json:"f377,omitempty"`
	F378 int `json:"f378,omitempty"`
	F379 int `json:"f379,omitempty"`
	F380 int `json:"f380,omitempty"`
	F381 int `json:"f381,omitempty"`
	F382 int `json:"f382,omitempty"`
	F383 int `json:"f383,omitempty"`
	F384 int `json:"f384,omitempty"`
	F385 int `json:"f385,omitempty"`
	F386 int `json:"f386,omitempty"`
	F387 int `json:"f387,omitempty"`
	F388 int `json:"f388,omitempty"`
	F389 int `json:"f389,omitempty"`
	F390 int `json:"f390,omitempty"`
	F391 int `json:"f391,omitempty"`
	F392 int `json:"f392,omitempty"`
	F393 int `json:"f393,omitempty"`
	F394 int `json:"f394,omitempty"`
	F395 int `json:"f395,omitempty"`
	F396 int `json:"f396,omitempty"`
	F397 int `json:"f397,omitempty"`
	F398 int `json:"f398,omitempty"`
	F399 int `json:"f399,omitempty"`
	F400 int `json:"f400,omitempty"`
	F401 int `json:"f401,omitempty"`
	F402 int `json:"f402,omitempty"`
	F403 int `json:"f403,omitempty"`
	F404 int `json:"f404,omitempty"`
	F405 int `json:"f405,omitempty"`
	F406 int `json:"f406,omitempty"`
	F407 int `json:"f407,omitempty"`
	F408 int `json:"f408,omitempty"`
	F409 int `json:"f409,omitempty"`
	F410 int `json:"f410,omitempty"`
	F411 int `json:"f411,omitempty"`
	F412 int `json:"f412,omitempty"`
	F413 int `json:"f413,omitempty"`
	F414 int `json:"f414,omitempty"`
	F415 int `json:"f415,omitempty"`
	F416 int `json:"f416,omitempty"`
	F417 int `json:"f417,omitempty"`
	F418 int `json:"f418,omitempty"`
	F419 int `json:"f419,omitempty"`
	F420 int `json:"f420,omitempty"`
	F421 int `json:"f421,omitempty"`
	F422 int `json:"f422,omitempty"`
	F423 int `json:"f423,omitempty"`
	F424 int `json:"f424,omitempty"`
	F425 int `json:"f425,omitempty"`
	F426 int `json:"f426,omitempty"`
	F427 int `json:"f427,omitempty"`
	F428 int `json:"f428,omitempty"`
	F429 int `json:"f429,omitempty"`
	F430 int `json:"f430,omitempty"`
	F431 int `json:"f431,omitempty"`
	F432 int `json:"f432,omitempty"`
	F433 int `json:"f433,omitempty"`
	F434 int `json:"f434,omitempty"`
	F435 int `json:"f435,omitempty"`
	F436 int `json:"f436,omitempty"`
	F437 int `json:"f437,omitempty"`
	F438 int `json:"f438,omitempty"`
	F439 int `json:"f439,omitempty"`
	F440 int `json:"f440,omitempty"`
	F441 int `json:"f441,omitempty"`
	F442 int `json:"f442,omitempty"`
	F443 int `json:"f443,omitempty"`
	F444 int `json:"f444,omitempty"`
	F445 int `json:"f445,omitempty"`
	F446 int `json:"f446,omitempty"`
	F447 int `json:"f447,omitempty"`
	F448 int `json:"f448,omitempty"`
	F449 int `json:"f449,omitempty"`
	F450 int `json:"f450,omitempty"`
	F451 int `json:"f451,omitempty"`
	F452 int `json:"f452,omitempty"`
	F453 int `json:"f453,omitempty"`
	F454 int `json:"f454,omitempty"`
	F455 int `json:"f455,omitempty"`
	F456 int `json:"f456,omitempty"`
	F457 int `json:"f457,omitempty"`
	F458 int `json:"f458,omitempty"`
	F459 int `json:"f459,omitempty"`
	F460 int `json:"f460,omitempty"`
	F461 int `json:"f461,omitempty"`
	F462 int `json:"f462,omitempty"`
	F463 int `json:"f463,omitempty"`
	F464 int `json:"f464,omitempty"`
	F465 int `json:"f465,omitempty"`
	F466 int `json:"f466,omitempty"`
	F467 int `json:"f467,omitempty"`
	F468 int `json:"f468,omitempty"`
	F469 int `json:"f469,omitempty"`
	F470 int `json:"f470,omitempty"`
	F471 int `json:"f471,omitempty"`
	F472 int `json:"f472,omitempty"`
	F473 int `json:"f473,omitempty"`
	F474 int `json:"f474,omitempty"`
	F475 int `json:"f475,omitempty"`
	F476 int `json:"f476,omitempty"`
	F477 int `json:"f477,omitempty"`
	F478 int `json:"f478,omitempty"`
	F479 int `json:"f479,omitempty"`
	F480 int `json:"f480,omitempty"`
	F481 int `json:"f481,omitempty"`
	F482 int `json:"f482,omitempty"`
	F483 int `json:"f483,omitempty"`
	F484 int `json:"f484,omitempty"`
	F485 int `json:"f485,omitempty"`
	F486 int `json:"f486,omitempty"`
	F487 int `json:"f487,omitempty"`
	F488 int `json:"f488,omitempty"`
	F489 int `json:"f489,omitempty"`
	F490 int `json:"f490,omitempty"`
	F491 int `json:"f491,omitempty"`
	F492 int `json:"f492,omitempty"`
	F493 int `json:"f493,omitempty"`
	F494 int `json:"f494,omitempty"`
	F495 int `json:"f495,omitempty"`
	F496 int `json:"f496,omitempty"`
	F497 int `json:"f497,omitempty"`
	F498 int `json:"f498,omitempty"`
	F499 int `json:"f499,omitempty"`
	F500 int `json:"f500,omitempty"`
	F501 int `json:"f501,omitempty"`
	F502 int `json:"f502,omitempty"`
	F503 int `json:"f503,omitempty"`
	F504 int `json:"f504,omitempty"`
	F505 int `json:"f505,omitempty"`
	F506 int `json:"f506,omitempty"`
	F507 int `json:"f507,omitempty"`
	F508 int `json:"f508,omitempty"`
	F509 int `json:"f509,omitempty"`
	F510 int `json:"f510,omitempty"`
	F511 int `json:"f511,omitempty"`
	F512 int `json:"f512,omitempty"`
	F513 int `json:"f513,omitempty"`
	F514 int `json:"f514,omitempty"`
	F515 int `json:"f515,omitempty"`
	F516 int `json:"f516,omitempty"`
	F517 int `json:"f517,omitempty"`
	F518 int `json:"f518,omitempty"`
	F519 int `json:"f519,omitempty"`
	F520 int `json:"f520,omitempty"`
	F521 int `json:"f521,omitempty"`
	F522 int `json:"f522,omitempty"`
	F523 int `json:"f523,omitempty"`
	F524 int `json:"f524,omitempty"`
	F525 int `json:"f525,omitempty"`
	F526 int `json:"f526,omitempty"`
	F527 int `json:"f527,omitempty"`
	F528 int `json:"f528,omitempty"`
	F529 int `json:"f529,omitempty"`
	F530 int `json:"f530,omitempty"`
	F531 int `json:"f531,omitempty"`
	F532 int `json:"f532,omitempty"`
	F533 int `json:"f533,omitempty"`
	F534 int `json:"f534,omitempty"`
	F535 int `json:"f535,omitempty"`
	F536 int `json:"f536,omitempty"`
	F537 int `json:"f537,omitempty"`
	F538 int `json:"f538,omitempty"`
	F539 int `json:"f539,omitempty"`
	F540 int `json:"f540,omitempty"`
	F541 int `json:"f541,omitempty"`
	F542 int `json:"f542,omitempty"`
	F543 int `json:"f543,omitempty"`
	F544 int `json:"f544,omitempty"`
	F545 int `json:"f545,omitempty"`
	F546 int `json:"f546,omitempty"`
	F547 int `json:"f547,omitempty"`
	F548 int `json:"f548,omitempty"`
	F549 int `json:"f549,omitempty"`
	F550 int `json:"f550,omitempty"`
	F551 int `json:"f551,omitempty"`
	F552 int `json:"f552,omitempty"`
	F553 int `json:"f553,omitempty"`
	F554 int `json:"f554,omitempty"`
	F555 int `json:"f555,omitempty"`
	F556 int `json:"f556,omitempty"`
	F557 int `json:"f557,omitempty"`
	F558 int `json:"f558,omitempty"`
	F559 int `json:"f559,omitempty"`
	F560 int `json:"f560,omitempty"`
	F561 int `json:"f561,omitempty"`
	F562 int `json:"f562,omitempty"`
	F563 int `json:"f563,omitempty"`
	F564 int `json:"f564,omitempty"`
	F565 int `json:"f565,omitempty"`
	F566 int `json:"f566,omitempty"`
	F567 int `json:"f567,omitempty"`
	F568 int `json:"f568,omitempty"`
	F569 int `json:"f569,omitempty"`
	F570 int `json:"f570,omitempty"`
	F571 int `json:"f571,omitempty"`
	F572 int `json:"f572,omitempty"`
	F573 int `json:"f573,omitempty"`
	F574 int `json:"f574,omitempty"`
	F575 int `json:"f575,omitempty"`
	F576 int `json:"f576,omitempty"`
	F577 int `json:"f577,omitempty"`
	F578 int `json:"f578,omitempty"`
	F579 int `json:"f579,omitempty"`
	F580 int `json:"f580,omitempty"`
	F581 int `json:"f581,omitempty"`
	F582 int `json:"f582,omitempty"`
	F583 int `json:"f583,omitempty"`
	F584 int `json:"f584,omitempty"`
	F585 int `json:"f585,omitempty"`
	F586 int `json:"f586,omitempty"`
	F587 int `json:"f587,omitempty"`
	F588 int `json:"f588,omitempty"`
	F589 int `json:"f589,omitempty"`
	F590 int `json:"f590,omitempty"`
	F591 int `json:"f591,omitempty"`
	F592 int `json:"f592,omitempty"`
	F593 int `json:"f593,omitempty"`
	F594 int `json:"f594,omitempty"`
	F595 int `json:"f595,omitempty"`
	F596 int `json:"f596,omitempty"`
	F597 int `json:"f597,omitempty"`
	F598 int `json:"f598,omitempty"`
	F599 int `json:"f599,omitempty"`
	F600 int `json:"f600,omitempty"`
	F601 int `json:"f601,omitempty"`
	F602 int `json:"f602,omitempty"`
	F603 int `json:"f603,omitempty"`
	F604 int `json:"f604,omitempty"`
	F605 int `json:"f605,omitempty"`
	F606 int `json:"f606,omitempty"`
	F607 int `json:"f607,omitempty"`
	F608 int `json:"f608,omitempty"`
	F609 int `json:"f609,omitempty"`
	F610 int `json:"f610,omitempty"`
	F611 int `json:"f611,omitempty"`
	F612 int `json:"f612,omitempty"`
	F613 int `json:"f613,omitempty"`
	F614 int `json:"f614,omitempty"`
	F615 int `json:"f615,omitempty"`
	F616 int `json:"f616,omitempty"`
	F617 int `json:"f617,omitempty"`
	F618 int `json:"f618,omitempty"`
	F619 int `json:"f619,omitempty"`
	F620 int `json:"f620,omitempty"`
	F621 int `json:"f621,omitempty"`
	F622 int `json:"f622,omitempty"`
	F623 int `json:"f623,omitempty"`
	F624 int `json:"f624,omitempty"`
	F625 int `json:"f625,omitempty"`
	F626 int `json:"f626,omitempty"`
	F627 int `json:"f627,omitempty"`
	F628 int `json:"f628,omitempty"`
	F629 int `json:"f629,omitempty"`
	F630 int `json:"f630,omitempty"`
	F631 int `json:"f631,omitempty"`
	F632 int `json:"f632,omitempty"`
	F633 int `json:"f633,omitempty"`
	F634 int `json:"f634,omitempty"`
	F635 int `json:"f635,omitempty"`
	F636 int `json:"f636,omitempty"`
	F637 int `json:"f637,omitempty"`
	F638 int `json:"f638,omitempty"`
	F639 int `json:"f639,omitempty"`
	F640 int `json:"f640,omitempty"`
	F641 int `json:"f641,omitempty"`
	F642 int `json:"f642,omitempty"`
	F643 int `json:"f643,omitempty"`
	F644 int `json:"f644,omitempty"`
	F645 int `json:"f645,omitempty"`
	F646 int `json:"f646,omitempty"`
	F647 int `json:"f647,omitempty"`
	F648 int `json:"f648,omitempty"`
	F649 int `json:"f649,omitempty"`
	F650 int `json:"f650,omitempty"`
	F651 int `json:"f651,omitempty"`
	F652 int `json:"f652,omitempty"`
	F653 int `json:"f653,omitempty"`
	F654 int `json:"f654,omitempty"`
	F655 int `json:"f655,omitempty"`
	F656 int `json:"f656,omitempty"`
	F657 int `json:"f657,omitempty"`
	F658 int `json:"f658,omitempty"`
	F659 int `json:"f659,omitempty"`
	F660 int `json:"f660,omitempty"`
	F661 int `json:"f661,omitempty"`
	F662 int `json:"f662,omitempty"`
	F663 int `json:"f663,omitempty"`
	F664 int `json:"f664,omitempty"`
	F665 int `json:"f665,omitempty"`
	F666 int `json:"f666,omitempty"`
	F667 int `json:"f667,omitempty"`
	F668 int `json:"f668,omitempty"`
	F669 int `json:"f669,omitempty"`
	F670 int `json:"f670,omitempty"`
	F671 int `json:"f671,omitempty"`
	F672 int `json:"f672,omitempty"`
	F673 int `json:"f673,omitempty"`
	F674 int `json:"f674,omitempty"`
	F675 int `json:"f675,omitempty"`
	F676 int `json:"f676,omitempty"`
	F677 int `json:"f677,omitempty"`
	F678 int `json:"f678,omitempty"`
	F679 int `json:"f679,omitempty"`
	F680 int `json:"f680,omitempty"`
	F681 int `json:"f681,omitempty"`
	F682 int `json:"f682,omitempty"`
	F683 int `json:"f683,omitempty"`
	F684 int `json:"f684,omitempty"`
	F685 int `json:"f685,omitempty"`
	F686 int `json:"f686,omitempty"`
	F687 int `json:"f687,omitempty"`
	F688 int `json:"f688,omitempty"`
	F689 int `json:"f689,omitempty"`
	F690 int `json:"f690,omitempty"`
	F691 int `json:"f691,omitempty"`
	F692 int `json:"f692,omitempty"`
	F693 int `json:"f693,omitempty"`
	F694 int `json:"f694,omitempty"`
	F695 int `json:"f695,omitempty"`
	F696 int `json:"f696,omitempty"`
	F697 int `json:"f697,omitempty"`
	F698 int `json:"f698,omitempty"`
	F699 int `json:"f699,omitempty"`
	F700 int `json:"f700,omitempty"`
	F701 int `json:"f701,omitempty"`
	F702 int `json:"f702,omitempty"`
	F703 int `json:"f703,omitempty"`
	F704 int `json:"f704,omitempty"`
	F705 int `json:"f705,omitempty"`
	F706 int `json:"f706,omitempty"`
	F707 int `json:"f707,omitempty"`
	F708 int `json:"f708,omitempty"`
	F709 int `json:"f709,omitempty"`
	F710 int `json:"f710,omitempty"`
	F711 int `json:"f711,omitempty"`
	F712 int `json:"f712,omitempty"`
	F713 int `json:"f713,omitempty"`
	F714 int `json:"f714,omitempty"`
	F715 int `json:"f715,omitempty"`
	F716 int `json:"f716,omitempty"`
	F717 int `json:"f717,omitempty"`
	F718 int `json:"f718,omitempty"`
	F719 int `json:"f719,omitempty"`
	F720 int `json:"f720,omitempty"`
	F721 int `json:"f721,omitempty"`
	F722 int `json:"f722,omitempty"`
	F723 int `json:"f723,omitempty"`
	F724 int `json:"f724,omitempty"`
	F725 int `json:"f725,omitempty"`
	F726 int `json:"f726,omitempty"`
	F727 int `json:"f727,omitempty"`
	F728 int `json:"f728,omitempty"`
	F729 int `json:"f729,omitempty"`
	F730 int `json:"f730,omitempty"`
	F731 int `json:"f731,omitempty"`
	F732 int `json:"f732,omitempty"`
	F733 int `json:"f733,omitempty"`
	F734 int `json:"f734,omitempty"`
	F735 int `json:"f735,omitempty"`
	F736 int `json:"f736,omitempty"`
	F737 int `json:"f737,omitempty"`
	F738 int `json:"f738,omitempty"`
	F739 int `json:"f739,omitempty"`
	F740 int `json:"f740,omitempty"`
	F741 int `json:"f741,omitempty"`
	F742 int `json:"f742,omitempty"`
	F743 int `json:"f743,omitempty"`
	F744 int `json:"f744,omitempty"`
	F745 int `json:"f745,omitempty"`
	F746 int `json:"f746,omitempty"`
	F747 int `json:"f747,omitempty"`
	F748 int `json:"f748,omitempty"`
	F749 int `json:"f749,omitempty"`
	F750 int `json:"f750,omitempty"`
	F751 int `json:"f751,omitempty"`
	F752 int `json:"f752,omitempty"`
	F753 int `json:"f753,omitempty"`
	F754 int `json:"f754,omitempty"`
	F755 int `json:"f755,omitempty"`
	F756 int `json:"f756,omitempty"`
	F757 int `json:"f757,omitempty"`
	F758 int `json:"f758,omitempty"`
	F759 int `json:"f759,omitempty"`
	F760 int `json:"f760,omitempty"`
	F761 int `json:"f761,omitempty"`
	F762 int `json:"f762,omitempty"`
	F763 int `json:"f763,omitempty"`
	F764 int `json:"f764,omitempty"`
	F765 int `json:"f765,omitempty"`
	F766 int `json:"f766,omitempty"`
	F767 int `json:"f767,omitempty"`
	F768 int `json:"f768,omitempty"`
	F769 int `json:"f769,omitempty"`
	F770 int `json:"f770,omitempty"`
	F771 int `json:"f771,omitempty"`
	F772 int `json:"f772,omitempty"`
	F773 int `json:"f773,omitempty"`
	F774 int `json:"f774,omitempty"`
	F775 int `json:"f775,omitempty"`
	F776 int `json:"f776,omitempty"`
	F777 int `json:"f777,omitempty"`
	F778 int `json:"f778,omitempty"`
	F779 int `json:"f779,omitempty"`
	F780 int `json:"f780,omitempty"`
	F781 int `json:"f781,omitempty"`
	F782 int `json:"f782,omitempty"`
	F783 int `json:"f783,omitempty"`
	F784 int `json:"f784,omitempty"`
	F785 int `json:"f785,omitempty"`
	F786 int `json:"f786,omitempty"`
	F787 int `json:"f787,omitempty"`
	F788 int `json:"f788,omitempty"`
	F789 int `json:"f789,omitempty"`
	F790 int `json:"f790,omitempty"`
	F791 int `json:"f791,omitempty"`
	F792 int `json:"f792,omitempty"`
	F793 int `json:"f793,omitempty"`
	F794 int `json:"f794,omitempty"`
	F795 int `json:"f795,omitempty"`
	F796 int `json:"f796,omitempty"`
	F797 int `json:"f797,omitempty"`
	F798 int `json:"f798,omitempty"`
	F799 int `json:"f799,omitempty"`
	F800 int `json:"f800,omitempty"`
	F801 int `json:"f801,omitempty"`
	F802 int `json:"f802,omitempty"`
	F803 int `json:"f803,omitempty"`
	F804 int `json:"f804,omitempty"`
	F805 int `json:"f805,omitempty"`
	F806 int `json:"f806,omitempty"`
	F807 int `json:"f807,omitempty"`
	F808 int `json:"f808,omitempty"`
	F809 int `json:"f809,omitempty"`
	F810 int `json:"f810,omitempty"`
	F811 int `json:"f811,omitempty"`
	F812 int `json:"f812,omitempty"`
	F813 int `json:"f813,omitempty"`
	F814 int `json:"f814,omitempty"`
	F815 int `json:"f815,omitempty"`
	F816 int `json:"f816,omitempty"`
	F817 int `json:"f817,omitempty"`
	F818 int `json:"f818,omitempty"`
	F819 int `json:"f819,omitempty"`
	F820 int `json:"f820,omitempty"`
	F821 int `json:"f821,omitempty"`
	F822 int `json:"f822,omitempty"`
	F823 int `json:"f823,omitempty"`
	F824 int `json:"f824,omitempty"`
	F825 int `json:"f825,omitempty"`
	F826 int `json:"f826,omitempty"`
	F827 int `json:"f827,omitempty"`
	F828 int `json:"f828,omitempty"`
	F829 int `json:"f829,omitempty"`
	F830 int `json:"f830,omitempty"`
	F831 int `json:"f831,omitempty"`
	F832 int `json:"f832,omitempty"`
	F833 int `json:"f833,omitempty"`
	F834 int `json:"f834,omitempty"`
	F835 int `json:"f835,omitempty"`
	F836 int `json:"f836,omitempty"`
	F837 int `json:"f837,omitempty"`
	F838 int `json:"f838,omitempty"`
	F839 int `json:"f839,omitempty"`
	F840 int `json:"f840,omitempty"`
	F841 int `json:"f841,omitempty"`
	F842 int `json:"f842,omitempty"`
	F843 int `json:"f843,omitempty"`
	F844 int `json:"f844,omitempty"`
	F845 int `json:"f845,omitempty"`
	F846 int `json:"f846,omitempty"`
	F847 int `json:"f847,omitempty"`
	F848 int `json:"f848,omitempty"`
	F849 int `json:"f849,omitempty"`
	F850 int `json:"f850,omitempty"`
	F851 int `json:"f851,omitempty"`
	F852 int `json:"f852,omitempty"`
	F853 int `json:"f853,omitempty"`
	F854 int `json:"f854,omitempty"`
	F855 int `json:"f855,omitempty"`
	F856 int `json:"f856,omitempty"`
	F857 int `json:"f857,omitempty"`
	F858 int `json:"f858,omitempty"`
	F859 int `json:"f859,omitempty"`
	F860 int `json:"f860,omitempty"`
	F861 int `json:"f861,omitempty"`
	F862 int `json:"f862,omitempty"`
	F863 int `json:"f863,omitempty"`
	F864 int `json:"f864,omitempty"`
	F865 int `json:"f865,omitempty"`
	F866 int `json:"f866,omitempty"`
	F867 int `json:"f867,omitempty"`
	F868 int `json:"f868,omitempty"`
	F869 int `json:"f869,omitempty"`
	F870 int `json:"f870,omitempty"`
	F871 int `json:"f871,omitempty"`
	F872 int `json:"f872,omitempty"`
	F873 int `json:"f873,omitempty"`
	F874 int `json:"f874,omitempty"`
	F875 int `json:"f875,omitempty"`
	F876 int `json:"f876,omitempty"`
	F877 int `json:"f877,omitempty"`
	F878 int `json:"f878,omitempty"`
	F879 int `json:"f879,omitempty"`
	F880 int `json:"f880,omitempty"`
	F881 int `json:"f881,omitempty"`
	F882 int `json:"f882,omitempty"`
	F883 int `json:"f883,omitempty"`
	F884 int `json:"f884,omitempty"`
	F885 int `json:"f885,omitempty"`
	F886 int `json:"f886,omitempty"`
	F887 int `json:"f887,omitempty"`
	F888 int `json:"f888,omitempty"`
	F889 int `json:"f889,omitempty"`
	F890 int `json:"f890,omitempty"`
	F891 int `json:"f891,omitempty"`
	F892 int `json:"f892,omitempty"`
	F893 int `json:"f893,omitempty"`
	F894 int `json:"f894,omitempty"`
	F895 int `json:"f895,omitempty"`
	F896 int `json:"f896,omitempty"`
	F897 int `json:"f897,omitempty"`
	F898 int `json:"f898,omitempty"`
	F899 int `json:"f899,omitempty"`
	F900 int `json:"f900,omitempty"`
	F901 int `json:"f901,omitempty"`
	F902 int `json:"f902,omitempty"`
	F903 int `json:"f903,omitempty"`
	F904 int `json:"f904,omitempty"`
	F905 int `json:"f905,omitempty"`
	F906 int `json:"f906,omitempty"`
	F907 int `json:"f907,omitempty"`
	F908 int `json:"f908,omitempty"`
	F909 int `json:"f909,omitempty"`
	F910 int `json:"f910,omitempty"`
	F911 int `json:"f911,omitempty"`
	F912 int `json:"f912,omitempty"`
	F913 int `json:"f913,omitempty"`
	F914 int `json:"f914,omitempty"`
	F915 int `json:"f915,omitempty"`
	F916 int `json:"f916,omitempty"`
	F917 int `json:"f917,omitempty"`
	F918 int `json:"f918,omitempty"`
	F919 int `json:"f919,omitempty"`
	F920 int `json:"f920,omitempty"`
	F921 int `json:"f921,omitempty"`
	F922 int `json:"f922,omitempty"`
	F923 int `json:"f923,omitempty"`
	F924 int `json:"f924,omitempty"`
	F925 int `json:"f925,omitempty"`
	F926 int `json:"f926,omitempty"`
	F927 int `json:"f927,omitempty"`
	F928 int `json:"f928,omitempty"`
	F929 int `json:"f929,omitempty"`
	F930 int `json:"f930,omitempty"`
	F931 int `json:"f931,omitempty"`
	F932 int `json:"f932,omitempty"`
	F933 int `json:"f933,omitempty"`
	F934 int `json:"f934,omitempty"`
	F935 int `json:"f935,omitempty"`
	F936 int `json:"f936,omitempty"`
	F937 int `json:"f937,omitempty"`
	F938 int `json:"f938,omitempty"`
	F939 int `json:"f939,omitempty"`
	F940 int `json:"f940,omitempty"`
	F941 int `json:"f941,omitempty"`
	F942 int `json:"f942,omitempty"`
	F943 int `json:"f943,omitempty"`
	F944 int `json:"f944,omitempty"`
	F945 int `json:"f945,omitempty"`
	F946 int `json:"f946,omitempty"`
	F947 int `json:"f947,omitempty"`
	F948 int `json:"f948,omitempty"`
	F949 int `json:"f949,omitempty"`
	F950 int `json:"f950,omitempty"`
	F951 int `json:"f951,omitempty"`
	F952 int `json:"f952,omitempty"`
	F953 int `json:"f953,omitempty"`
	F954 int `json:"f954,omitempty"`
	F955 int `json:"f955,omitempty"`
	F956 int `json:"f956,omitempty"`
	F957 int `json:"f957,omitempty"`
	F958 int `json:"f958,omitempty"`
	F959 int `json:"f959,omitempty"`
	F960 int `json:"f960,omitempty"`
	F961 int `json:"f961,omitempty"`
	F962 int `json:"f962,omitempty"`
	F963 int `json:"f963,omitempty"`
	F964 int `json:"f964,omitempty"`
	F965 int `json:"f965,omitempty"`
	F966 int `json:"f966,omitempty"`
	F967 int `json:"f967,omitempty"`
	F968 int `json:"f968,omitempty"`
	F969 int `json:"f969,omitempty"`
	F970 int `json:"f970,omitempty"`
	F971 int `json:"f971,omitempty"`
	F972 int `json:"f972,omitempty"`
	F973 int `json:"f973,omitempty"`
	F974 int `json:"f974,omitempty"`
	F975 int `json:"f975,omitempty"`
	F976 int `json:"f976,omitempty"`
	F977 int `json:"f977,omitempty"`
	F978 int `json:"f978,omitempty"`
	F979 int `json:"f979,omitempty"`
	F980 int `json:"f980,omitempty"`
	F981 int `json:"f981,omitempty"`
	F982 int `json:"f982,omitempty"`
	F983 int `json:"f983,omitempty"`
	F984 int `json:"f984,omitempty"`
	F985 int `json:"f985,omitempty"`
	F986 int `json:"f986,omitempty"`
	F987 int `json:"f987,omitempty"`
	F988 int `json:"f988,omitempty"`
	F989 int `json:"f989,omitempty"`
	F990 int `json:"f990,omitempty"`
	F991 int `json:"f991,omitempty"`
	F992 int `json:"f992,omitempty"`
	F993 int `json:"f993,omitempty"`
	F994 int `json:"f994,omitempty"`
	F995 int `json:"f995,omitempty"`
	F996 int `json:"f996,omitempty"`
	F997 int `json:"f997,omitempty"`
	F998 int `json:"f998,omitempty"`
	F999 int `json:"f999,omitempty"`
}

// TestEncodeRecursiveTypeFirstUse: goroutines that Marshal a recursive
// type while another builds its encoder must wait for it, not take a
// half-built encoder from the cache (it panicked with a nil function when
// the nested *recTree encoder was published before recTree's was done).
func TestEncodeRecursiveTypeFirstUse(t *testing.T) {
	var panics atomic.Int64
	var stop atomic.Bool
	var wg, spawner sync.WaitGroup
	built := make(chan struct{})
	go func() { sjson.Marshal(recTree{}); close(built) }()
	time.Sleep(500 * time.Microsecond)
	spawner.Add(1)
	go func() {
		defer spawner.Done()
		for !stop.Load() {
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer func() {
					if r := recover(); r != nil {
						panics.Add(1)
					}
				}()
				if b, err := sjson.Marshal(&recTree{Kids: []*recTree{nil}}); err != nil || string(b) != `{"Kids":[null],"Pad":{}}` {
					t.Errorf("Marshal = %s, %v", b, err)
				}
			}()
			time.Sleep(20 * time.Microsecond)
		}
	}()
	<-built
	stop.Store(true)
	spawner.Wait()
	wg.Wait()
	if n := panics.Load(); n > 0 {
		t.Errorf("%d concurrent first Marshals of a recursive type panicked", n)
	}
}

type cpIn struct{ A, B, C, D int }
type cpOut struct{ *cpIn }

// TestEncodeEmbeddedPointerCheckptr: fields reached through an embedded
// pointer are addressed from the pointee only; under -race (checkptr) an
// address computed from the outer struct, past its end, was a fatal error.
func TestEncodeEmbeddedPointerCheckptr(t *testing.T) {
	b, err := sjson.Marshal(&cpOut{&cpIn{1, 2, 3, 4}})
	if err != nil || string(b) != `{"A":1,"B":2,"C":3,"D":4}` {
		t.Fatalf("%s %v", b, err)
	}
}

// TestEncodeOmitemptyNegativeZero: omitempty omits -0 as encoding/json
// does (reflect.Value.IsZero: v.Float() == 0).
func TestEncodeOmitemptyNegativeZero(t *testing.T) {
	type S struct {
		F float64 `json:",omitempty"`
		G float32 `json:",omitempty"`
		Z float64 `json:",omitzero"`
	}
	negz := math.Copysign(0, -1)
	b, err := sjson.Marshal(S{F: negz, G: float32(negz)})
	if err != nil || string(b) != `{}` {
		t.Fatalf("%s %v", b, err)
	}
}

// TestEncodeIndentMaxDepth: output nested 10000 levels is encoded and
// indented; 10001 levels fail with encoding/json's error. The classic
// encoding/json marshals them and fails in Indent (a *SyntaxError from
// MarshalIndent and an indenting Encoder; Marshal succeeds); on
// encoding/json/v2 the encoder itself stops past 10000 levels, so that
// Marshal, MarshalIndent and the Encoder fail alike, here with a
// *MarshalerError for the RawMessage that goes too deep.
func TestEncodeIndentMaxDepth(t *testing.T) {
	for _, n := range []int{10000, 10001} {
		v := []sjson.RawMessage{sjson.RawMessage(strings.Repeat("[", n-1) + strings.Repeat("]", n-1))}
		// No indent string: the layout is checked elsewhere, and 10000
		// levels of it are 100 MB.
		want, werr := stdjson.MarshalIndent(v, "", "")
		got, gerr := sjson.MarshalIndent(v, "", "")
		if msg := errDiff(werr, gerr); msg != "" || !bytes.Equal(got, want) {
			t.Errorf("depth %d: MarshalIndent = %d bytes, %T %v; encoding/json: %d bytes, %T %v", n, len(got), gerr, gerr, len(want), werr, werr)
		}
		var wantType string
		switch {
		case n <= 10000:
			wantType = "<nil>"
		case classicEncoding:
			wantType = "*json.SyntaxError"
		default:
			wantType = "*json.MarshalerError"
		}
		if typ := fmt.Sprintf("%T", gerr); typ != wantType {
			t.Errorf("depth %d: MarshalIndent's error is %s %v, want a %s", n, typ, gerr, wantType)
		}
		got, gerr = sjson.Marshal(v)
		want, werr = stdjson.Marshal(v)
		if msg := errDiff(werr, gerr); msg != "" || !bytes.Equal(got, want) {
			t.Errorf("depth %d: Marshal = %d bytes, %T %v; encoding/json: %d bytes, %T %v", n, len(got), gerr, gerr, len(want), werr, werr)
		}
		if (gerr != nil) != (n > 10000 && !classicEncoding) {
			t.Errorf("depth %d: Marshal's error is %v", n, gerr)
		}
		var wb, gb bytes.Buffer
		we, ge := stdjson.NewEncoder(&wb), sjson.NewEncoder(&gb)
		we.SetIndent(">", "")
		ge.SetIndent(">", "")
		werr, gerr = we.Encode(v), ge.Encode(v)
		if msg := errDiff(werr, gerr); msg != "" || !bytes.Equal(gb.Bytes(), wb.Bytes()) {
			t.Errorf("depth %d: Encoder = %d bytes, %v; encoding/json: %d bytes, %v", n, gb.Len(), gerr, wb.Len(), werr)
		}
	}
}

// TestEncodeNilInterfaceMapKey: a nil key in a map whose key type is the
// TextMarshaler interface panics with encoding/json's value.
func TestEncodeNilInterfaceMapKey(t *testing.T) {
	v := map[encoding.TextMarshaler]int{nil: 1}
	recovered := func(f func()) (r any) {
		defer func() { r = recover() }()
		f()
		return nil
	}
	want := recovered(func() { stdjson.Marshal(v) })
	got := recovered(func() { sjson.Marshal(v) })
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("panic %v; encoding/json's %v", got, want)
	}
}

type cycMap map[string]any

// TestEncodeCycleErrorValue: a cycle's *UnsupportedValueError.Value, for
// a map or pointer an interface holds, is that map or pointer, not
// addressable (as encoding/json's), and stays so after the call: it was
// a view of the pooled working state, nil once Marshal returned and
// overwritten by later calls. On encoding/json/v2 it holds no Value.
func TestEncodeCycleErrorValue(t *testing.T) {
	m := cycMap{}
	m["x"] = []any{m}
	var root any = m
	for range 1001 {
		root = []any{root}
	}
	_, werr := stdjson.Marshal(root)
	_, gerr := sjson.Marshal(root)
	wu, gu := werr.(*stdjson.UnsupportedValueError), gerr.(*sjson.UnsupportedValueError)
	sjson.Marshal([]any{cycMap{"other": 1}, &struct{ A int }{}}) // the same slots
	if !classicEncoding {
		// encoding/json on v2 reports a cycle with no Value.
		if gu.Value.IsValid() || wu.Value.IsValid() || gu.Str != wu.Str {
			t.Errorf("Value %v (valid %v), Str %q; encoding/json's %v (valid %v), %q",
				gu.Value, gu.Value.IsValid(), gu.Str, wu.Value, wu.Value.IsValid(), wu.Str)
		}
		return
	}
	if gu.Value.IsNil() || gu.Value.Len() != 1 || gu.Value.CanAddr() != wu.Value.CanAddr() || gu.Value.Pointer() != reflect.ValueOf(m).Pointer() {
		t.Errorf("Value: nil %v, len %d, CanAddr %v (encoding/json's %v), the map: %v",
			gu.Value.IsNil(), gu.Value.Len(), gu.Value.CanAddr(), wu.Value.CanAddr(), gu.Value.Pointer() == reflect.ValueOf(m).Pointer())
	}
}
