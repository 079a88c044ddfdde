package main

// The generator of GH Archive-like NDJSON, calibrated to the seed benchmark
// (8 hours of GH Archive, 2024-03-13: 7.6 GB, 2.2 million events, 65,269
// opened pull requests) and shaped after the real events in
// ../shared/data/gharchive (the 2023 Events API page has the modern shapes):
// keys in GH Archive order (id, type, actor, repo, payload, public,
// created_at, and org for events of organisation repositories), full
// pull_request objects with their user and head/base repository objects,
// issues and comments with bodies of Markdown text, small push events with
// their commits.
//
// The output is a pure function of the seed: events are written one after
// the other until the requested size is reached, so a smaller size gives a
// prefix of a larger one. The mix is scheduled, not sampled: in every block
// of 1,000 events each kind gets its share of 2.2 million (rounded
// cumulatively, so 2.2 million events hold exactly the seed's counts) and the
// block is shuffled; the k-th opened pull request takes the k-th language of
// a smooth weighted round robin over the seed's languages (TypeScript 11,565,
// JavaScript 7,778, Python 7,057, Java 4,668, none 5,857, and the rest spread
// over 26 others). Sizes are drawn per event: the mean is about 3.45 kB, as
// 7.6 GB / 2.2 M.

import (
	"bufio"
	"encoding/base64"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strconv"
	"time"
)

// seedEvents is the number of events the seed's figures are given for.
const seedEvents = 2_200_000

// kind is an event type, with pull request events split by whether they
// open one.
type kind uint8

const (
	kPush kind = iota
	kCreate
	kPROpened
	kPROther
	kWatch
	kIssueComment
	kDelete
	kPRReview
	kIssues
	kPRReviewComment
	kFork
	kRelease
	kCommitComment
	kGollum
	kMember
	kPublic
	numKinds
)

// kindInfo: the type string and the events of that kind per 2.2 million.
// PushEvent takes what the others leave (1,359,600).
var kindInfo = [numKinds]struct {
	typ string
	n   int
}{
	kPush:            {"PushEvent", 0},
	kCreate:          {"CreateEvent", 264_000},
	kPROpened:        {"PullRequestEvent", 65_269},
	kPROther:         {"PullRequestEvent", 77_731},
	kWatch:           {"WatchEvent", 99_000},
	kIssueComment:    {"IssueCommentEvent", 88_000},
	kDelete:          {"DeleteEvent", 66_000},
	kPRReview:        {"PullRequestReviewEvent", 48_400},
	kIssues:          {"IssuesEvent", 39_600},
	kPRReviewComment: {"PullRequestReviewCommentEvent", 33_000},
	kFork:            {"ForkEvent", 30_800},
	kRelease:         {"ReleaseEvent", 11_000},
	kCommitComment:   {"CommitCommentEvent", 4_400},
	kGollum:          {"GollumEvent", 4_400},
	kMember:          {"MemberEvent", 4_400},
	kPublic:          {"PublicEvent", 4_400},
}

// prLanguages: base-repository languages of the seed's 65,269 opened pull
// requests. The seed names the first five; the rest (28,344) is spread over
// other languages in a plausible order. "" is null.
var prLanguages = []struct {
	name string
	n    int
}{
	{"TypeScript", 11_565}, {"JavaScript", 7_778}, {"Python", 7_057}, {"", 5_857},
	{"Java", 4_668}, {"Go", 4_000}, {"C#", 3_200}, {"PHP", 2_800}, {"C++", 2_600},
	{"Rust", 2_100}, {"HTML", 1_900}, {"Kotlin", 1_500}, {"Ruby", 1_300},
	{"Dart", 1_200}, {"Shell", 1_150}, {"C", 1_100}, {"Swift", 900}, {"Vue", 800},
	{"Jupyter Notebook", 700}, {"CSS", 650}, {"SCSS", 380}, {"HCL", 300},
	{"Scala", 300}, {"Lua", 280}, {"Elixir", 240}, {"PowerShell", 200},
	{"Haskell", 180}, {"Nix", 170}, {"Solidity", 150}, {"Objective-C", 134},
	{"Zig", 110},
}

// Size parameters, tuned so that the mean event is ~3.45 kB (see
// TestGeneratorCalibration).
const (
	blockEvents = 1000
	numUsers    = 60_000
	numRepos    = 40_000
	startUnix   = 1710288000 // 2024-03-13T00:00:00Z
	spanSeconds = 8 * 3600   // the seed's 8 hours
	firstID     = 36_400_000_000
)

type user struct {
	login string
	id    int64
	kind  string // "User", "Bot" or "Organization"
	name  string // display name, with non-ASCII letters sometimes
}

type repo struct {
	owner       *user
	name        string
	id          int64
	lang        string // "" is null
	description string // JSON-escaped content, "" is null
	fork        bool
	license     int // index into licenses, -1: null
	topics      []string
	stars       int
	branch      string
}

// Generator writes the events. Use NewGenerator and Next, or Generate.
type Generator struct {
	r      *rand.Rand
	users  []user
	orgs   []user
	repos  []repo
	kinds  []kind // the current block, shuffled
	next   int    // index in kinds
	block  int
	events int64 // events written
	opened int64 // opened pull requests written
	swrr   []int // smooth weighted round robin state over prLanguages
	w      jw
	tmp    []byte
	lang   string  // base language of the last opened pull request
	tally  *Counts // what was generated (seed.go)
}

// NewGenerator returns a generator whose output depends only on seed.
func NewGenerator(seed uint64) *Generator {
	g := &Generator{r: rand.New(rand.NewPCG(seed, 0x5eed_6a7c_0de5_1234))}
	g.swrr = make([]int, len(prLanguages))
	g.makePools()
	return g
}

// Generate returns at least size bytes of events (whole lines), in a buffer
// with simdjson's 64 bytes of padding capacity after them.
func (g *Generator) Generate(size int64) []byte {
	buf := make([]byte, 0, size+64*1024)
	for int64(len(buf)) < size {
		buf = g.Next(buf)
	}
	if cap(buf)-len(buf) < 64 {
		buf = append(make([]byte, 0, len(buf)+64), buf...)
	}
	return buf
}

// WriteEvents writes at least size bytes of events (the same bytes Generate
// returns) to w and returns the number of bytes written.
func WriteEvents(w io.Writer, size int64, seed uint64) (int64, error) {
	g := NewGenerator(seed)
	bw := bufio.NewWriterSize(w, 1<<20)
	var n int64
	var line []byte
	for n < size {
		line = g.Next(line[:0])
		if _, err := bw.Write(line); err != nil {
			return n, err
		}
		n += int64(len(line))
	}
	return n, bw.Flush()
}

// Next appends one event and its newline to dst.
func (g *Generator) Next(dst []byte) []byte {
	if g.next == len(g.kinds) {
		g.fillBlock()
	}
	k := g.kinds[g.next]
	g.next++
	g.w.b = dst
	g.event(k)
	g.w.b = append(g.w.b, '\n')
	g.tallyEvent(k, g.lang)
	g.events++
	return g.w.b
}

// fillBlock schedules the next block of events: each kind gets
// round(n*(b+1)*B/2.2M) - round(n*b*B/2.2M) events, PushEvent the rest of B.
func (g *Generator) fillBlock() {
	g.kinds = g.kinds[:0]
	b := int64(g.block)
	others := 0
	for k := kind(1); k < numKinds; k++ {
		n := int64(kindInfo[k].n)
		c := roundDiv(n*(b+1)*blockEvents, seedEvents) - roundDiv(n*b*blockEvents, seedEvents)
		for range c {
			g.kinds = append(g.kinds, k)
		}
		others += int(c)
	}
	for range blockEvents - others {
		g.kinds = append(g.kinds, kPush)
	}
	g.r.Shuffle(len(g.kinds), func(i, j int) { g.kinds[i], g.kinds[j] = g.kinds[j], g.kinds[i] })
	g.next = 0
	g.block++
}

func roundDiv(a, b int64) int64 { return (2*a + b) / (2 * b) }

// nextLanguage: smooth weighted round robin (as in nginx): exact shares over
// every 65,269 picks and close to them over any prefix.
func (g *Generator) nextLanguage() string {
	total, best := 0, 0
	for i, l := range prLanguages {
		g.swrr[i] += l.n
		total += l.n
		if g.swrr[i] > g.swrr[best] {
			best = i
		}
	}
	g.swrr[best] -= total
	return prLanguages[best].name
}

// randomLanguage: a language drawn with the same weights, for repositories
// whose language the task does not count.
func (g *Generator) randomLanguage() string {
	x := g.r.IntN(65_269)
	for _, l := range prLanguages {
		if x < l.n {
			return l.name
		}
		x -= l.n
	}
	return ""
}

// ---- pools of users and repositories ----

var syllables = []string{"ka", "lo", "mi", "ra", "ten", "zu", "vik", "an", "dre", "sol", "mar", "el",
	"jo", "ny", "fa", "rin", "tor", "be", "xi", "qu", "pe", "sha", "lin", "gor", "da", "ve", "os", "ul"}

var nameParts = []string{"Anna", "José", "Müller", "Zoë", "François", "Björn", "Łukasz", "Chloé",
	"Renée", "Søren", "Jürgen", "Ólafur", "李", "王芳", "Дмитрий", "Иван", "Ahmed", "Priya", "Kenji",
	"佐藤", "Nguyễn", "Émile", "Ana", "Chen", "Smith", "Garcia", "Kim", "Singh", "Brown", "Lee"}

var repoWords = []string{"api", "web", "app", "core", "cli", "server", "client", "sdk", "docs", "site",
	"bot", "engine", "utils", "kit", "lab", "dashboard", "service", "infra", "config", "ui", "data",
	"ml", "pipeline", "store", "auth", "gateway", "frontend", "backend", "mobile", "game", "notes"}

var licenses = []struct{ key, name, spdx, node string }{
	{"mit", "MIT License", "MIT", "MDc6TGljZW5zZTEz"},
	{"apache-2.0", "Apache License 2.0", "Apache-2.0", "MDc6TGljZW5zZTI="},
	{"gpl-3.0", "GNU General Public License v3.0", "GPL-3.0", "MDc6TGljZW5zZTk="},
	{"bsd-3-clause", "BSD 3-Clause \"New\" or \"Revised\" License", "BSD-3-Clause", "MDc6TGljZW5zZTU="},
	{"other", "Other", "NOASSERTION", "MDc6TGljZW5zZTA="},
}

var topicWords = []string{"javascript", "react", "python", "machine-learning", "golang", "rust", "api",
	"docker", "kubernetes", "typescript", "nextjs", "cli", "database", "hacktoberfest", "ai", "llm"}

func (g *Generator) word(list []string) string { return list[g.r.IntN(len(list))] }

func (g *Generator) login() string {
	b := g.tmp[:0]
	n := 2 + g.r.IntN(3)
	for i := range n {
		s := g.word(syllables)
		if i == 0 && g.r.IntN(3) == 0 {
			s = string(s[0]-'a'+'A') + s[1:]
		}
		b = append(b, s...)
	}
	switch g.r.IntN(6) {
	case 0:
		b = append(b, '-')
		b = append(b, g.word(syllables)...)
	case 1:
		b = strconv.AppendInt(b, int64(g.r.IntN(2000)), 10)
	}
	g.tmp = b
	return string(b)
}

func (g *Generator) makePools() {
	g.users = make([]user, numUsers)
	for i := range g.users {
		u := &g.users[i]
		u.login = g.login()
		u.id = 1000 + g.r.Int64N(160_000_000)
		u.kind = "User"
		u.name = g.word(nameParts) + " " + g.word(nameParts)
	}
	// A few bots, heavily used as in GH Archive (dependabot, github-actions).
	for i, b := range []string{"dependabot[bot]", "github-actions[bot]", "renovate[bot]", "pull[bot]"} {
		g.users[i] = user{login: b, id: 49699333 + int64(i)*1117, kind: "Bot", name: b}
	}
	g.orgs = make([]user, numRepos/8)
	for i := range g.orgs {
		o := &g.orgs[i]
		o.login = g.login() + "-" + g.word(repoWords)
		o.id = 1000 + g.r.Int64N(160_000_000)
		o.kind = "Organization"
		o.name = o.login
	}
	g.repos = make([]repo, numRepos)
	for i := range g.repos {
		rp := &g.repos[i]
		if g.r.IntN(4) == 0 {
			rp.owner = &g.orgs[g.r.IntN(len(g.orgs))]
		} else {
			rp.owner = &g.users[g.r.IntN(len(g.users))]
		}
		rp.name = g.word(repoWords) + "-" + g.word(repoWords)
		if g.r.IntN(3) == 0 {
			rp.name += "." + g.word(syllables)
		}
		rp.id = 10_000 + g.r.Int64N(770_000_000)
		rp.lang = g.randomLanguage()
		if g.r.IntN(4) != 0 {
			rp.description = g.textString(20 + g.r.IntN(120))
		}
		rp.fork = g.r.IntN(5) == 0
		rp.license = g.r.IntN(len(licenses)+2) - 2
		for range g.r.IntN(5) {
			rp.topics = append(rp.topics, g.word(topicWords))
		}
		rp.stars = int(math.Exp(g.r.Float64() * 9))
		rp.branch = "main"
		if g.r.IntN(4) == 0 {
			rp.branch = "master"
		}
	}
}

func (g *Generator) anyUser() *user {
	// Zipf-like: a few users act often.
	i := int(math.Pow(g.r.Float64(), 2.5) * float64(len(g.users)))
	return &g.users[i]
}

func (g *Generator) anyRepo() *repo {
	i := int(math.Pow(g.r.Float64(), 2) * float64(len(g.repos)))
	return &g.repos[i]
}

// ---- text ----

var textWords = []string{"the", "a", "to", "of", "and", "in", "is", "for", "this", "that", "with", "on",
	"fix", "add", "update", "remove", "support", "when", "error", "test", "tests", "build", "config",
	"should", "not", "be", "it", "we", "from", "by", "function", "value", "return", "null", "type",
	"file", "files", "change", "changes", "version", "issue", "bug", "feature", "docs", "new", "use",
	"`parse()`", "`main`", "`README.md`", "dependency", "bump", "refactor", "handler", "request",
	"response", "cache", "memory", "performance", "release", "crash", "workflow", "CI", "lint",
	"https://github.com/org/repo/pull/123", "v1.2.3", "(see", "above)", "e.g.", "i.e.",
}

// nonASCIIWords: raw UTF-8, a few percent of the words.
var nonASCIIWords = []string{"café", "naïve", "über", "résumé", "señal", "Grüße", "déjà", "日本語", "中文",
	"테스트", "Привет", "παράδειγμα", "🚀", "✅", "👍", "🎉", "—", "…", "“quoted”", "→"}

// escapedWords are JSON string contents already escaped: \" quotes, \\
// backslashes and \u escapes of non-ASCII letters (GitHub's JSON is mostly
// raw UTF-8, with such escapes now and then).
var escapedWords = []string{`\"quoted\"`, `C:\\Users\\dev`, `caf\u00e9`, `\u00e9t\u00e9`,
	`na\u00efve`, `\u2014`, `\ud83d\ude80`, `\u003cdiv\u003e`, `\"${value}\"`, `\\n`}

// text appends JSON-escaped Markdown-like text of about n bytes to w.
func (g *Generator) text(n int) {
	start := len(g.w.b)
	line := 0
	for len(g.w.b)-start < n {
		switch x := g.r.IntN(100); {
		case x < 3:
			g.w.b = append(g.w.b, `\r\n\r\n`...)
			line = 0
			if g.r.IntN(3) == 0 {
				g.w.b = append(g.w.b, "### "...)
			}
			continue
		case x < 5:
			g.w.b = append(g.w.b, `\n- `...)
			line = 0
			continue
		case x < 6:
			g.w.b = append(g.w.b, "\\n```\\n\\tif err != nil {\\n\\t\\treturn err\\n\\t}\\n```\\n"...)
			continue
		case x < 7:
			if line > 0 {
				g.w.b = append(g.w.b, ' ')
			}
			g.w.b = append(g.w.b, escapedWords[g.r.IntN(len(escapedWords))]...)
		case x < 9:
			if line > 0 {
				g.w.b = append(g.w.b, ' ')
			}
			g.w.b = append(g.w.b, nonASCIIWords[g.r.IntN(len(nonASCIIWords))]...)
		default:
			if line > 0 {
				g.w.b = append(g.w.b, ' ')
			}
			g.w.b = append(g.w.b, textWords[g.r.IntN(len(textWords))]...)
		}
		line++
		if line > 6 && g.r.IntN(8) == 0 {
			g.w.b = append(g.w.b, '.')
		}
	}
}

// textString returns text of about n bytes as JSON-escaped string content.
func (g *Generator) textString(n int) string {
	saved := g.w.b
	g.w.b = g.tmp[:0]
	g.text(n)
	s := string(g.w.b)
	g.tmp = g.w.b
	g.w.b = saved
	return s
}

// logNormal returns a length with the given median and spread (sigma of
// the log), clamped to [lo, hi].
func (g *Generator) logNormal(median float64, sigma float64, lo, hi int) int {
	v := int(median * math.Exp(g.r.NormFloat64()*sigma))
	return min(max(v, lo), hi)
}

// ---- JSON writer ----

// jw appends JSON with commas placed automatically.
type jw struct {
	b     []byte
	comma bool
}

func (w *jw) sep() {
	if w.comma {
		w.b = append(w.b, ',')
	}
	w.comma = true
}
func (w *jw) open()  { w.sep(); w.b = append(w.b, '{'); w.comma = false }
func (w *jw) close() { w.b = append(w.b, '}'); w.comma = true }
func (w *jw) arr()   { w.sep(); w.b = append(w.b, '['); w.comma = false }
func (w *jw) end()   { w.b = append(w.b, ']'); w.comma = true }
func (w *jw) key(k string) {
	w.sep()
	w.b = append(w.b, '"')
	w.b = append(w.b, k...)
	w.b = append(w.b, '"', ':')
	w.comma = false
}

// str writes s, which must need no escaping (names, URLs, escaped text).
func (w *jw) str(s string) {
	w.sep()
	w.b = append(w.b, '"')
	w.b = append(w.b, s...)
	w.b = append(w.b, '"')
}
func (w *jw) strOrNull(s string) {
	if s == "" {
		w.null()
		return
	}
	w.str(s)
}
func (w *jw) int(v int64) { w.sep(); w.b = strconv.AppendInt(w.b, v, 10) }
func (w *jw) bool(v bool) { w.sep(); w.b = strconv.AppendBool(w.b, v) }
func (w *jw) null()       { w.sep(); w.b = append(w.b, "null"...) }

// strs writes a string built by appending parts (no escaping).
func (w *jw) strs(parts ...string) {
	w.sep()
	w.b = append(w.b, '"')
	for _, p := range parts {
		w.b = append(w.b, p...)
	}
	w.b = append(w.b, '"')
}

func (w *jw) kv(k, v string)            { w.key(k); w.str(v) }
func (w *jw) kvs(k string, v ...string) { w.key(k); w.strs(v...) }
func (w *jw) ki(k string, v int64)      { w.key(k); w.int(v) }
func (w *jw) kb(k string, v bool)       { w.key(k); w.bool(v) }
func (w *jw) kn(k string)               { w.key(k); w.null() }

func (g *Generator) time(t int64) {
	g.w.sep()
	g.w.b = append(g.w.b, '"')
	g.w.b = time.Unix(t, 0).UTC().AppendFormat(g.w.b, "2006-01-02T15:04:05Z")
	g.w.b = append(g.w.b, '"')
}

func (g *Generator) ktime(k string, t int64) { g.w.key(k); g.time(t) }

func (g *Generator) sha() string {
	var b [20]byte
	for i := 0; i < 20; i += 8 {
		v := g.r.Uint64()
		for j := 0; j < 8 && i+j < 20; j++ {
			b[i+j] = byte(v >> (8 * j))
		}
	}
	return fmt.Sprintf("%x", b)
}

// nodeID: GitHub's global node ids, old style (base64 of "04:User123")
// for users and repositories, new style ("PR_kwDO" and base64 of binary
// ids) for the rest.
func nodeID(prefix string, id int64) string {
	if prefix[len(prefix)-1] == ':' || prefix[0] == '0' {
		return base64.StdEncoding.EncodeToString([]byte(prefix + strconv.FormatInt(id, 10)))
	}
	var b [8]byte
	for i := range b {
		b[i] = byte(id >> (8 * (7 - i)))
	}
	return prefix + base64.RawURLEncoding.EncodeToString(b[2:])
}

// ---- events ----

func (g *Generator) now() int64 {
	return startUnix + g.events*spanSeconds/seedEvents%spanSeconds
}

func (g *Generator) event(k kind) {
	w := &g.w
	w.comma = false
	rp := g.anyRepo()
	actor := g.anyUser()
	if k == kPROpened || k == kPROther || k == kPush {
		// Bots open and push a share of everything.
		if g.r.IntN(10) == 0 {
			actor = &g.users[g.r.IntN(4)]
		}
	}
	w.open()
	w.key("id")
	w.sep()
	w.b = append(w.b, '"')
	w.b = strconv.AppendInt(w.b, firstID+g.events*3+int64(g.r.IntN(3)), 10)
	w.b = append(w.b, '"')
	w.kv("type", kindInfo[k].typ)
	w.key("actor")
	w.open()
	w.ki("id", actor.id)
	w.kv("login", actor.login)
	w.kv("display_login", actor.login)
	w.kv("gravatar_id", "")
	w.kvs("url", "https://api.github.com/users/", actor.login)
	w.key("avatar_url")
	w.sep()
	w.b = append(w.b, `"https://avatars.githubusercontent.com/u/`...)
	w.b = strconv.AppendInt(w.b, actor.id, 10)
	w.b = append(w.b, `?"`...)
	w.close()
	w.key("repo")
	w.open()
	w.ki("id", rp.id)
	w.kvs("name", rp.owner.login, "/", rp.name)
	w.kvs("url", "https://api.github.com/repos/", rp.owner.login, "/", rp.name)
	w.close()
	w.key("payload")
	g.payload(k, rp, actor)
	w.kb("public", true)
	g.ktime("created_at", g.now())
	if rp.owner.kind == "Organization" {
		o := rp.owner
		w.key("org")
		w.open()
		w.ki("id", o.id)
		w.kv("login", o.login)
		w.kv("gravatar_id", "")
		w.kvs("url", "https://api.github.com/orgs/", o.login)
		w.key("avatar_url")
		w.sep()
		w.b = append(w.b, `"https://avatars.githubusercontent.com/u/`...)
		w.b = strconv.AppendInt(w.b, o.id, 10)
		w.b = append(w.b, `?"`...)
		w.close()
	}
	w.close()
}

func (g *Generator) payload(k kind, rp *repo, actor *user) {
	w := &g.w
	w.open()
	switch k {
	case kPush:
		g.push(rp, actor)
	case kCreate:
		refType := "branch"
		switch x := g.r.IntN(10); {
		case x < 2:
			refType = "tag"
		case x < 4:
			refType = "repository"
		}
		if refType == "repository" {
			w.kn("ref")
		} else {
			w.kv("ref", g.branchName())
		}
		w.kv("ref_type", refType)
		w.kv("master_branch", rp.branch)
		w.key("description")
		w.strOrNull(rp.description)
		w.kv("pusher_type", "user")
	case kDelete:
		w.kv("ref", g.branchName())
		w.kv("ref_type", "branch")
		w.kv("pusher_type", "user")
	case kWatch:
		w.kv("action", "started")
	case kPROpened, kPROther:
		action := "opened"
		if k == kPROther {
			action = "closed"
			if g.r.IntN(40) == 0 {
				action = "reopened"
			}
		}
		num := int64(1 + g.r.IntN(9000))
		w.kv("action", action)
		w.ki("number", num)
		lang := rp.lang
		if k == kPROpened {
			lang = g.nextLanguage()
			g.lang = lang
		}
		w.key("pull_request")
		g.pullRequest(rp, lang, actor, num, action, true)
	case kPRReview:
		num := int64(1 + g.r.IntN(9000))
		w.kv("action", "created")
		w.key("review")
		w.open()
		id := 1_900_000_000 + g.r.Int64N(100_000_000)
		w.ki("id", id)
		w.kv("node_id", nodeID("PRR_kwDO", id))
		w.key("user")
		g.fullUser(g.anyUser())
		w.key("body")
		if g.r.IntN(2) == 0 {
			w.null()
		} else {
			w.sep()
			w.b = append(w.b, '"')
			g.text(g.logNormal(150, 1, 5, 4000))
			w.b = append(w.b, '"')
		}
		w.kv("commit_id", g.sha())
		g.ktime("submitted_at", g.now())
		w.kv("state", [...]string{"approved", "commented", "changes_requested"}[g.r.IntN(3)])
		prURL := "https://github.com/" + rp.owner.login + "/" + rp.name + "/pull/" + strconv.FormatInt(num, 10)
		w.kvs("html_url", prURL, "#pullrequestreview-", strconv.FormatInt(id, 10))
		w.kvs("pull_request_url", "https://api.github.com/repos/", rp.owner.login, "/", rp.name, "/pulls/", strconv.FormatInt(num, 10))
		w.kv("author_association", "MEMBER")
		w.key("_links")
		w.open()
		w.key("html")
		w.open()
		w.kvs("href", prURL, "#pullrequestreview-", strconv.FormatInt(id, 10))
		w.close()
		w.key("pull_request")
		w.open()
		w.kvs("href", "https://api.github.com/repos/", rp.owner.login, "/", rp.name, "/pulls/", strconv.FormatInt(num, 10))
		w.close()
		w.close()
		w.close()
		w.key("pull_request")
		g.pullRequest(rp, rp.lang, g.anyUser(), num, "open", false)
	case kPRReviewComment:
		num := int64(1 + g.r.IntN(9000))
		w.kv("action", "created")
		w.key("comment")
		g.reviewComment(rp, num)
		w.key("pull_request")
		g.pullRequest(rp, rp.lang, g.anyUser(), num, "open", false)
	case kIssues:
		w.kv("action", [...]string{"opened", "closed", "reopened", "opened"}[g.r.IntN(4)])
		w.key("issue")
		g.issue(rp, g.anyUser())
	case kIssueComment:
		w.kv("action", "created")
		w.key("issue")
		g.issue(rp, g.anyUser())
		w.key("comment")
		g.comment(rp, actor)
	case kFork:
		w.key("forkee")
		fk := *rp
		fk.owner = actor
		fk.fork = true
		fk.id = 770_000_000 + g.r.Int64N(10_000_000)
		g.fullRepo(&fk, true)
	case kRelease:
		g.release(rp, actor)
	case kCommitComment:
		w.key("comment")
		g.commitComment(rp, actor)
	case kGollum:
		w.key("pages")
		w.arr()
		for range 1 + g.r.IntN(2) {
			page := g.word(repoWords) + "-" + g.word(repoWords)
			w.open()
			w.kv("page_name", page)
			w.kv("title", page)
			w.kn("summary")
			w.kv("action", [...]string{"edited", "created"}[g.r.IntN(2)])
			w.kv("sha", g.sha())
			w.kvs("html_url", "https://github.com/", rp.owner.login, "/", rp.name, "/wiki/", page)
			w.close()
		}
		w.end()
	case kMember:
		w.key("member")
		g.fullUser(g.anyUser())
		w.kv("action", "added")
	case kPublic:
	}
	w.close()
}

func (g *Generator) branchName() string {
	switch g.r.IntN(4) {
	case 0:
		return "dependabot/npm_and_yarn/" + g.word(repoWords) + "-" + strconv.Itoa(g.r.IntN(20)) + "." + strconv.Itoa(g.r.IntN(20)) + "." + strconv.Itoa(g.r.IntN(9))
	case 1:
		return "v" + strconv.Itoa(g.r.IntN(5)) + "." + strconv.Itoa(g.r.IntN(30)) + "." + strconv.Itoa(g.r.IntN(10))
	default:
		return g.word([]string{"feat", "fix", "chore", "feature", "bugfix"}) + "/" + g.word(repoWords) + "-" + g.word(textWords[12:40])
	}
}

func (g *Generator) push(rp *repo, actor *user) {
	w := &g.w
	// Most pushes carry one commit; a few carry many (GH Archive keeps at
	// most 20 in the payload).
	n := 1
	switch x := g.r.IntN(100); {
	case x < 18:
		n = 2 + g.r.IntN(3)
	case x < 23:
		n = 5 + g.r.IntN(16)
	}
	w.ki("repository_id", rp.id)
	w.ki("push_id", 17_500_000_000+g.events)
	w.ki("size", int64(n))
	w.ki("distinct_size", int64(n))
	w.kvs("ref", "refs/heads/", rp.branch)
	head, before := g.sha(), g.sha()
	w.kv("head", head)
	w.kv("before", before)
	w.key("commits")
	w.arr()
	for i := range n {
		sha := head
		if i < n-1 {
			sha = g.sha()
		}
		w.open()
		w.kv("sha", sha)
		w.key("author")
		w.open()
		if actor.kind == "Bot" {
			w.kv("email", "49699333+dependabot[bot]@users.noreply.github.com")
		} else {
			w.kvs("email", actor.login, "@users.noreply.github.com")
		}
		w.kv("name", actor.name)
		w.close()
		w.key("message")
		w.sep()
		w.b = append(w.b, '"')
		w.b = append(w.b, g.word([]string{"fix: ", "feat: ", "chore: ", "Update ", "Merge branch 'main' into ", "docs: ", ""})...)
		g.text(g.logNormal(110, 1.1, 8, 3000))
		w.b = append(w.b, '"')
		w.kb("distinct", true)
		w.kvs("url", "https://api.github.com/repos/", rp.owner.login, "/", rp.name, "/commits/", sha)
		w.close()
	}
	w.end()
}

func (g *Generator) fullUser(u *user) {
	w := &g.w
	w.open()
	w.kv("login", u.login)
	w.ki("id", u.id)
	w.kv("node_id", nodeID("04:User", u.id))
	w.key("avatar_url")
	w.sep()
	w.b = append(w.b, `"https://avatars.githubusercontent.com/u/`...)
	w.b = strconv.AppendInt(w.b, u.id, 10)
	w.b = append(w.b, `?v=4"`...)
	w.kv("gravatar_id", "")
	api := "https://api.github.com/users/" + u.login
	w.kv("url", api)
	w.kvs("html_url", "https://github.com/", u.login)
	w.kvs("followers_url", api, "/followers")
	w.kvs("following_url", api, "/following{/other_user}")
	w.kvs("gists_url", api, "/gists{/gist_id}")
	w.kvs("starred_url", api, "/starred{/owner}{/repo}")
	w.kvs("subscriptions_url", api, "/subscriptions")
	w.kvs("organizations_url", api, "/orgs")
	w.kvs("repos_url", api, "/repos")
	w.kvs("events_url", api, "/events{/privacy}")
	w.kvs("received_events_url", api, "/received_events")
	w.kv("type", u.kind)
	w.kb("site_admin", false)
	w.close()
}

var repoURLKeys = []struct{ key, suffix string }{
	{"forks_url", "/forks"}, {"keys_url", "/keys{/key_id}"},
	{"collaborators_url", "/collaborators{/collaborator}"}, {"teams_url", "/teams"},
	{"hooks_url", "/hooks"}, {"issue_events_url", "/issues/events{/number}"},
	{"events_url", "/events"}, {"assignees_url", "/assignees{/user}"},
	{"branches_url", "/branches{/branch}"}, {"tags_url", "/tags"},
	{"blobs_url", "/git/blobs{/sha}"}, {"git_tags_url", "/git/tags{/sha}"},
	{"git_refs_url", "/git/refs{/sha}"}, {"trees_url", "/git/trees{/sha}"},
	{"statuses_url", "/statuses/{sha}"}, {"languages_url", "/languages"},
	{"stargazers_url", "/stargazers"}, {"contributors_url", "/contributors"},
	{"subscribers_url", "/subscribers"}, {"subscription_url", "/subscription"},
	{"commits_url", "/commits{/sha}"}, {"git_commits_url", "/git/commits{/sha}"},
	{"comments_url", "/comments{/number}"}, {"issue_comment_url", "/issues/comments{/number}"},
	{"contents_url", "/contents/{+path}"}, {"compare_url", "/compare/{base}...{head}"},
	{"merges_url", "/merges"}, {"archive_url", "/{archive_format}{/ref}"},
	{"downloads_url", "/downloads"}, {"issues_url", "/issues{/number}"},
	{"pulls_url", "/pulls{/number}"}, {"milestones_url", "/milestones{/number}"},
	{"notifications_url", "/notifications{?since,all,participating}"},
	{"labels_url", "/labels{/name}"}, {"releases_url", "/releases{/id}"},
	{"deployments_url", "/deployments"},
}

// fullRepo writes a repository object as in pull_request.head/base.repo and
// ForkEvent's forkee (which adds "public": true).
func (g *Generator) fullRepo(rp *repo, forkee bool) {
	w := &g.w
	full := rp.owner.login + "/" + rp.name
	api := "https://api.github.com/repos/" + full
	w.open()
	w.ki("id", rp.id)
	w.kv("node_id", nodeID("010:Repository", rp.id))
	w.kv("name", rp.name)
	w.kv("full_name", full)
	w.kb("private", false)
	w.key("owner")
	g.fullUser(rp.owner)
	w.kvs("html_url", "https://github.com/", full)
	w.key("description")
	w.strOrNull(rp.description)
	w.kb("fork", rp.fork)
	w.kv("url", api)
	for _, u := range repoURLKeys {
		w.kvs(u.key, api, u.suffix)
	}
	t := g.now()
	g.ktime("created_at", t-int64(g.r.IntN(300_000_000)))
	g.ktime("updated_at", t-int64(g.r.IntN(1_000_000)))
	g.ktime("pushed_at", t-int64(g.r.IntN(10_000)))
	w.kvs("git_url", "git://github.com/", full, ".git")
	w.kvs("ssh_url", "git@github.com:", full, ".git")
	w.kvs("clone_url", "https://github.com/", full, ".git")
	w.kvs("svn_url", "https://github.com/", full)
	w.key("homepage")
	if g.r.IntN(3) == 0 {
		w.strs("https://", rp.name, ".dev")
	} else {
		w.null()
	}
	w.ki("size", int64(g.r.IntN(200_000)))
	w.ki("stargazers_count", int64(rp.stars))
	w.ki("watchers_count", int64(rp.stars))
	w.key("language")
	w.strOrNull(rp.lang)
	w.kb("has_issues", true)
	w.kb("has_projects", true)
	w.kb("has_downloads", true)
	w.kb("has_wiki", rp.stars%2 == 0)
	w.kb("has_pages", false)
	w.kb("has_discussions", rp.stars%3 == 0)
	forks := int64(rp.stars / 7)
	w.ki("forks_count", forks)
	w.kn("mirror_url")
	w.kb("archived", false)
	w.kb("disabled", false)
	issues := int64(rp.stars / 11)
	w.ki("open_issues_count", issues)
	w.key("license")
	if rp.license < 0 {
		w.null()
	} else {
		l := licenses[rp.license]
		w.open()
		w.kv("key", l.key)
		w.key("name")
		w.sep()
		w.b = strconv.AppendQuote(w.b, l.name)
		w.kv("spdx_id", l.spdx)
		if l.key == "other" {
			w.kn("url")
		} else {
			w.kvs("url", "https://api.github.com/licenses/", l.key)
		}
		w.kv("node_id", l.node)
		w.close()
	}
	w.kb("allow_forking", true)
	w.kb("is_template", false)
	w.kb("web_commit_signoff_required", false)
	w.key("topics")
	w.arr()
	for _, t := range rp.topics {
		w.str(t)
	}
	w.end()
	w.kv("visibility", "public")
	w.ki("forks", forks)
	w.ki("open_issues", issues)
	w.ki("watchers", int64(rp.stars))
	w.kv("default_branch", rp.branch)
	if forkee {
		w.kb("public", true)
	}
	w.close()
}

// pullRequest writes a pull_request object whose base repository is rp with
// language lang ("" for null). PullRequestEvent's (full) adds the merge and
// size fields that review events leave out.
func (g *Generator) pullRequest(rp *repo, lang string, author *user, num int64, action string, full bool) {
	w := &g.w
	full_ := rp.owner.login + "/" + rp.name
	api := "https://api.github.com/repos/" + full_
	html := "https://github.com/" + full_
	ns := strconv.FormatInt(num, 10)
	id := 1_750_000_000 + g.r.Int64N(50_000_000)
	state := "open"
	if action == "closed" {
		state = "closed"
	}
	w.open()
	w.kvs("url", api, "/pulls/", ns)
	w.ki("id", id)
	w.kv("node_id", nodeID("PR_kwDO", id))
	w.kvs("html_url", html, "/pull/", ns)
	w.kvs("diff_url", html, "/pull/", ns, ".diff")
	w.kvs("patch_url", html, "/pull/", ns, ".patch")
	w.kvs("issue_url", api, "/issues/", ns)
	w.ki("number", num)
	w.kv("state", state)
	w.kb("locked", false)
	w.key("title")
	w.sep()
	w.b = append(w.b, '"')
	w.b = append(w.b, g.word([]string{"Bump ", "Fix ", "Add ", "Update ", "feat: ", "chore(deps): ", "[WIP] ", ""})...)
	g.text(g.logNormal(40, 0.5, 8, 200))
	w.b = append(w.b, '"')
	w.key("user")
	g.fullUser(author)
	w.key("body")
	if g.r.IntN(5) == 0 {
		w.null()
	} else {
		w.sep()
		w.b = append(w.b, '"')
		g.text(g.logNormal(600, 1.1, 10, 60_000))
		w.b = append(w.b, '"')
	}
	t := g.now()
	created := t - int64(g.r.IntN(2_000_000))
	if action == "opened" {
		created = t
	}
	g.ktime("created_at", created)
	g.ktime("updated_at", t)
	merged := false
	if state == "closed" {
		g.ktime("closed_at", t)
		merged = g.r.IntN(3) != 0
		if merged {
			g.ktime("merged_at", t)
		} else {
			w.kn("merged_at")
		}
		w.kv("merge_commit_sha", g.sha())
	} else {
		w.kn("closed_at")
		w.kn("merged_at")
		if action == "opened" {
			w.kn("merge_commit_sha")
		} else {
			w.kv("merge_commit_sha", g.sha())
		}
	}
	w.kn("assignee")
	w.key("assignees")
	w.arr()
	w.end()
	w.key("requested_reviewers")
	w.arr()
	for range g.r.IntN(3) / 2 {
		g.fullUser(g.anyUser())
	}
	w.end()
	w.key("requested_teams")
	w.arr()
	w.end()
	w.key("labels")
	w.arr()
	if g.r.IntN(4) == 0 {
		lid := 5_000_000_000 + g.r.Int64N(1_000_000_000)
		name := g.word([]string{"dependencies", "bug", "enhancement", "documentation", "javascript"})
		w.open()
		w.ki("id", lid)
		w.kv("node_id", nodeID("LA_kwDO", lid))
		w.kvs("url", api, "/labels/", name)
		w.kv("name", name)
		w.kv("color", "0366d6")
		w.kb("default", name != "javascript" && name != "dependencies")
		w.kv("description", "Pull requests that update a dependency file")
		w.close()
	}
	w.end()
	w.kn("milestone")
	w.kb("draft", g.r.IntN(8) == 0)
	w.kvs("commits_url", api, "/pulls/", ns, "/commits")
	w.kvs("review_comments_url", api, "/pulls/", ns, "/comments")
	w.kvs("review_comment_url", api, "/pulls/comments{/number}")
	w.kvs("comments_url", api, "/issues/", ns, "/comments")
	headSHA := g.sha()
	w.kvs("statuses_url", api, "/statuses/", headSHA)

	// head: usually a branch of a fork owned by the author, whose language
	// often differs from the base's (a method reading the wrong one fails
	// the count check).
	branch := g.branchName()
	w.key("head")
	w.open()
	headRepo := *rp
	if g.r.IntN(3) != 0 {
		headRepo.owner = author
		headRepo.fork = true
		headRepo.id = 700_000_000 + g.r.Int64N(70_000_000)
		switch x := g.r.IntN(10); {
		case x < 3:
			headRepo.lang = ""
		case x < 5:
			headRepo.lang = g.randomLanguage()
		default:
			headRepo.lang = lang
		}
	} else {
		headRepo.lang = lang
	}
	w.kvs("label", headRepo.owner.login, ":", branch)
	w.kv("ref", branch)
	w.kv("sha", headSHA)
	w.key("user")
	g.fullUser(headRepo.owner)
	w.key("repo")
	g.fullRepo(&headRepo, false)
	w.close()
	w.key("base")
	w.open()
	baseRepo := *rp
	baseRepo.lang = lang
	w.kvs("label", rp.owner.login, ":", rp.branch)
	w.kv("ref", rp.branch)
	w.kv("sha", g.sha())
	w.key("user")
	g.fullUser(rp.owner)
	w.key("repo")
	g.fullRepo(&baseRepo, false)
	w.close()

	w.key("_links")
	w.open()
	for _, l := range [][2]string{
		{"self", api + "/pulls/" + ns}, {"html", html + "/pull/" + ns},
		{"issue", api + "/issues/" + ns}, {"comments", api + "/issues/" + ns + "/comments"},
		{"review_comments", api + "/pulls/" + ns + "/comments"},
		{"review_comment", api + "/pulls/comments{/number}"},
		{"commits", api + "/pulls/" + ns + "/commits"}, {"statuses", api + "/statuses/" + headSHA},
	} {
		w.key(l[0])
		w.open()
		w.kv("href", l[1])
		w.close()
	}
	w.close()
	w.kv("author_association", [...]string{"NONE", "CONTRIBUTOR", "MEMBER", "OWNER", "FIRST_TIME_CONTRIBUTOR"}[g.r.IntN(5)])
	w.kn("auto_merge")
	w.kn("active_lock_reason")
	if !full {
		w.close()
		return
	}
	w.kb("merged", merged)
	w.kn("mergeable")
	w.kn("rebaseable")
	w.kv("mergeable_state", "unknown")
	w.key("merged_by")
	if merged {
		g.fullUser(g.anyUser())
	} else {
		w.null()
	}
	w.ki("comments", int64(g.r.IntN(6)))
	w.ki("review_comments", int64(g.r.IntN(4)))
	w.kb("maintainer_can_modify", g.r.IntN(2) == 0)
	w.ki("commits", int64(1+g.r.IntN(12)))
	w.ki("additions", int64(g.r.IntN(2000)))
	w.ki("deletions", int64(g.r.IntN(800)))
	w.ki("changed_files", int64(1+g.r.IntN(30)))
	w.close()
}

func (g *Generator) reactions(url string) {
	w := &g.w
	w.open()
	w.kvs("url", url, "/reactions")
	total := int64(0)
	if g.r.IntN(6) == 0 {
		total = int64(1 + g.r.IntN(5))
	}
	w.ki("total_count", total)
	w.ki("+1", total)
	for _, k := range []string{"-1", "laugh", "hooray", "confused", "heart", "rocket", "eyes"} {
		w.ki(k, 0)
	}
	w.close()
}

func (g *Generator) issue(rp *repo, author *user) {
	w := &g.w
	api := "https://api.github.com/repos/" + rp.owner.login + "/" + rp.name
	num := int64(1 + g.r.IntN(9000))
	ns := strconv.FormatInt(num, 10)
	id := 2_180_000_000 + g.r.Int64N(10_000_000)
	w.open()
	w.kvs("url", api, "/issues/", ns)
	w.kv("repository_url", api)
	w.kvs("labels_url", api, "/issues/", ns, "/labels{/name}")
	w.kvs("comments_url", api, "/issues/", ns, "/comments")
	w.kvs("events_url", api, "/issues/", ns, "/events")
	w.kvs("html_url", "https://github.com/", rp.owner.login, "/", rp.name, "/issues/", ns)
	w.ki("id", id)
	w.kv("node_id", nodeID("I_kwDO", id))
	w.ki("number", num)
	w.key("title")
	w.sep()
	w.b = append(w.b, '"')
	g.text(g.logNormal(45, 0.5, 8, 200))
	w.b = append(w.b, '"')
	w.key("user")
	g.fullUser(author)
	w.key("labels")
	w.arr()
	w.end()
	open := g.r.IntN(3) != 0
	if open {
		w.kv("state", "open")
	} else {
		w.kv("state", "closed")
	}
	w.kb("locked", false)
	w.kn("assignee")
	w.key("assignees")
	w.arr()
	w.end()
	w.kn("milestone")
	w.ki("comments", int64(g.r.IntN(10)))
	t := g.now()
	g.ktime("created_at", t-int64(g.r.IntN(5_000_000)))
	g.ktime("updated_at", t)
	if open {
		w.kn("closed_at")
	} else {
		g.ktime("closed_at", t)
	}
	w.kv("author_association", "NONE")
	w.kn("active_lock_reason")
	w.key("body")
	if g.r.IntN(8) == 0 {
		w.null()
	} else {
		w.sep()
		w.b = append(w.b, '"')
		g.text(g.logNormal(1200, 1.0, 10, 40_000))
		w.b = append(w.b, '"')
	}
	w.key("reactions")
	g.reactions(api + "/issues/" + ns)
	w.kvs("timeline_url", api, "/issues/", ns, "/timeline")
	w.kn("performed_via_github_app")
	if open {
		w.kn("state_reason")
	} else {
		w.kv("state_reason", "completed")
	}
	w.close()
}

func (g *Generator) comment(rp *repo, author *user) {
	w := &g.w
	api := "https://api.github.com/repos/" + rp.owner.login + "/" + rp.name
	id := 1_990_000_000 + g.r.Int64N(10_000_000)
	ids := strconv.FormatInt(id, 10)
	ns := strconv.Itoa(1 + g.r.IntN(9000))
	w.open()
	w.kvs("url", api, "/issues/comments/", ids)
	w.kvs("html_url", "https://github.com/", rp.owner.login, "/", rp.name, "/issues/", ns, "#issuecomment-", ids)
	w.kvs("issue_url", api, "/issues/", ns)
	w.ki("id", id)
	w.kv("node_id", nodeID("IC_kwDO", id))
	w.key("user")
	g.fullUser(author)
	t := g.now()
	g.ktime("created_at", t)
	g.ktime("updated_at", t)
	w.kv("author_association", "CONTRIBUTOR")
	w.key("body")
	w.sep()
	w.b = append(w.b, '"')
	g.text(g.logNormal(300, 1.2, 2, 30_000))
	w.b = append(w.b, '"')
	w.key("reactions")
	g.reactions(api + "/issues/comments/" + ids)
	w.kn("performed_via_github_app")
	w.close()
}

func (g *Generator) reviewComment(rp *repo, num int64) {
	w := &g.w
	api := "https://api.github.com/repos/" + rp.owner.login + "/" + rp.name
	id := 1_520_000_000 + g.r.Int64N(10_000_000)
	ids := strconv.FormatInt(id, 10)
	ns := strconv.FormatInt(num, 10)
	w.open()
	w.kvs("url", api, "/pulls/comments/", ids)
	w.ki("pull_request_review_id", 1_930_000_000+g.r.Int64N(10_000_000))
	w.ki("id", id)
	w.kv("node_id", nodeID("PRRC_kwDO", id))
	w.key("diff_hunk")
	w.sep()
	w.b = append(w.b, `"@@ -10,7 +10,9 @@ `...)
	g.text(g.logNormal(400, 0.8, 20, 8000))
	w.b = append(w.b, '"')
	w.kvs("path", "src/", g.word(repoWords), "/", g.word(repoWords), ".ts")
	w.kv("commit_id", g.sha())
	w.kv("original_commit_id", g.sha())
	w.key("user")
	g.fullUser(g.anyUser())
	w.key("body")
	w.sep()
	w.b = append(w.b, '"')
	g.text(g.logNormal(150, 1.0, 2, 10_000))
	w.b = append(w.b, '"')
	t := g.now()
	g.ktime("created_at", t)
	g.ktime("updated_at", t)
	w.kvs("html_url", "https://github.com/", rp.owner.login, "/", rp.name, "/pull/", ns, "#discussion_r", ids)
	w.kvs("pull_request_url", api, "/pulls/", ns)
	w.kv("author_association", "MEMBER")
	w.key("_links")
	w.open()
	w.key("self")
	w.open()
	w.kvs("href", api, "/pulls/comments/", ids)
	w.close()
	w.key("html")
	w.open()
	w.kvs("href", "https://github.com/", rp.owner.login, "/", rp.name, "/pull/", ns, "#discussion_r", ids)
	w.close()
	w.key("pull_request")
	w.open()
	w.kvs("href", api, "/pulls/", ns)
	w.close()
	w.close()
	w.key("reactions")
	g.reactions(api + "/pulls/comments/" + ids)
	w.kn("start_line")
	w.kn("original_start_line")
	w.kn("start_side")
	line := int64(1 + g.r.IntN(500))
	w.ki("line", line)
	w.ki("original_line", line)
	w.kv("side", "RIGHT")
	w.ki("original_position", int64(1+g.r.IntN(50)))
	w.ki("position", int64(1+g.r.IntN(50)))
	w.kv("subject_type", "line")
	w.close()
}

func (g *Generator) commitComment(rp *repo, author *user) {
	w := &g.w
	api := "https://api.github.com/repos/" + rp.owner.login + "/" + rp.name
	id := 139_000_000 + g.r.Int64N(1_000_000)
	ids := strconv.FormatInt(id, 10)
	sha := g.sha()
	w.open()
	w.kvs("url", api, "/comments/", ids)
	w.kvs("html_url", "https://github.com/", rp.owner.login, "/", rp.name, "/commit/", sha, "#commitcomment-", ids)
	w.ki("id", id)
	w.kv("node_id", nodeID("CC_kwDO", id))
	w.key("user")
	g.fullUser(author)
	w.kn("position")
	w.kn("line")
	w.kn("path")
	w.kv("commit_id", sha)
	t := g.now()
	g.ktime("created_at", t)
	g.ktime("updated_at", t)
	w.kv("author_association", "OWNER")
	w.key("body")
	w.sep()
	w.b = append(w.b, '"')
	g.text(g.logNormal(200, 1.0, 2, 8000))
	w.b = append(w.b, '"')
	w.key("reactions")
	g.reactions(api + "/comments/" + ids)
	w.close()
}

func (g *Generator) release(rp *repo, author *user) {
	w := &g.w
	api := "https://api.github.com/repos/" + rp.owner.login + "/" + rp.name
	html := "https://github.com/" + rp.owner.login + "/" + rp.name
	id := 146_000_000 + g.r.Int64N(1_000_000)
	ids := strconv.FormatInt(id, 10)
	tag := "v" + strconv.Itoa(g.r.IntN(5)) + "." + strconv.Itoa(g.r.IntN(30)) + "." + strconv.Itoa(g.r.IntN(10))
	w.kv("action", "published")
	w.key("release")
	w.open()
	w.kvs("url", api, "/releases/", ids)
	w.kvs("assets_url", api, "/releases/", ids, "/assets")
	w.kvs("upload_url", "https://uploads.github.com/repos/", rp.owner.login, "/", rp.name, "/releases/", ids, "/assets{?name,label}")
	w.kvs("html_url", html, "/releases/tag/", tag)
	w.ki("id", id)
	w.key("author")
	g.fullUser(author)
	w.kv("node_id", nodeID("RE_kwDO", id))
	w.kv("tag_name", tag)
	w.kv("target_commitish", rp.branch)
	w.kv("name", tag)
	w.kb("draft", false)
	w.kb("prerelease", g.r.IntN(6) == 0)
	t := g.now()
	g.ktime("created_at", t-60)
	g.ktime("published_at", t)
	w.key("assets")
	w.arr()
	w.end()
	w.kvs("tarball_url", api, "/tarball/", tag)
	w.kvs("zipball_url", api, "/zipball/", tag)
	w.key("body")
	w.sep()
	w.b = append(w.b, '"')
	g.text(g.logNormal(1200, 1.0, 10, 40_000))
	w.b = append(w.b, '"')
	w.key("mentions_count")
	w.int(int64(g.r.IntN(3)))
	w.close()
}
