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
