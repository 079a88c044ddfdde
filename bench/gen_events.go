package main

import "strconv"

// The events' payloads: one writer per GH Archive event kind and the
// objects they share (users, repositories, pull requests, issues,
// comments, releases), appended by the generator of gen.go.

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
