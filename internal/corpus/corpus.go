// Package corpus holds the Go types of the documents of
// ../shared/data/jsonexamples, shared by the differential tests and
// benchmarks of the root package and by the bench module's decode suite: a
// full type for each document (every field it has) and a partial one (a few
// fields; decoders skip the rest); and EachString, the inputs of exhaustive
// checks.
package corpus

import "encoding/json"

type twitterDoc struct {
	Statuses       []twitterStatus `json:"statuses"`
	SearchMetadata struct {
		CompletedIn float64 `json:"completed_in"`
		MaxID       int64   `json:"max_id"`
		MaxIDStr    string  `json:"max_id_str"`
		NextResults string  `json:"next_results"`
		Query       string  `json:"query"`
		RefreshURL  string  `json:"refresh_url"`
		Count       int     `json:"count"`
		SinceID     int64   `json:"since_id"`
		SinceIDStr  string  `json:"since_id_str"`
	} `json:"search_metadata"`
}

type twitterStatus struct {
	Metadata struct {
		ResultType      string `json:"result_type"`
		IsoLanguageCode string `json:"iso_language_code"`
	} `json:"metadata"`
	CreatedAt            string          `json:"created_at"`
	ID                   int64           `json:"id"`
	IDStr                string          `json:"id_str"`
	Text                 string          `json:"text"`
	Source               string          `json:"source"`
	Truncated            bool            `json:"truncated"`
	InReplyToStatusID    *int64          `json:"in_reply_to_status_id"`
	InReplyToStatusIDStr *string         `json:"in_reply_to_status_id_str"`
	InReplyToUserID      *int64          `json:"in_reply_to_user_id"`
	InReplyToUserIDStr   *string         `json:"in_reply_to_user_id_str"`
	InReplyToScreenName  *string         `json:"in_reply_to_screen_name"`
	User                 twitterUser     `json:"user"`
	Geo                  any             `json:"geo"`
	Coordinates          any             `json:"coordinates"`
	Place                any             `json:"place"`
	Contributors         any             `json:"contributors"`
	RetweetedStatus      *twitterStatus  `json:"retweeted_status"`
	RetweetCount         int             `json:"retweet_count"`
	FavoriteCount        int             `json:"favorite_count"`
	Entities             twitterEntities `json:"entities"`
	Favorited            bool            `json:"favorited"`
	Retweeted            bool            `json:"retweeted"`
	PossiblySensitive    bool            `json:"possibly_sensitive"`
	Lang                 string          `json:"lang"`
}

type twitterUser struct {
	ID                             int64           `json:"id"`
	IDStr                          string          `json:"id_str"`
	Name                           string          `json:"name"`
	ScreenName                     string          `json:"screen_name"`
	Location                       string          `json:"location"`
	Description                    string          `json:"description"`
	URL                            *string         `json:"url"`
	Entities                       json.RawMessage `json:"entities"`
	Protected                      bool            `json:"protected"`
	FollowersCount                 int             `json:"followers_count"`
	FriendsCount                   int             `json:"friends_count"`
	ListedCount                    int             `json:"listed_count"`
	CreatedAt                      string          `json:"created_at"`
	FavouritesCount                int             `json:"favourites_count"`
	UTCOffset                      *int            `json:"utc_offset"`
	TimeZone                       *string         `json:"time_zone"`
	GeoEnabled                     bool            `json:"geo_enabled"`
	Verified                       bool            `json:"verified"`
	StatusesCount                  int             `json:"statuses_count"`
	Lang                           string          `json:"lang"`
	ContributorsEnabled            bool            `json:"contributors_enabled"`
	IsTranslator                   bool            `json:"is_translator"`
	IsTranslationEnabled           bool            `json:"is_translation_enabled"`
	ProfileBackgroundColor         string          `json:"profile_background_color"`
	ProfileBackgroundImageURL      string          `json:"profile_background_image_url"`
	ProfileBackgroundImageURLHTTPS string          `json:"profile_background_image_url_https"`
	ProfileBackgroundTile          bool            `json:"profile_background_tile"`
	ProfileImageURL                string          `json:"profile_image_url"`
	ProfileImageURLHTTPS           string          `json:"profile_image_url_https"`
	ProfileBannerURL               string          `json:"profile_banner_url"`
	ProfileLinkColor               string          `json:"profile_link_color"`
	ProfileSidebarBorderColor      string          `json:"profile_sidebar_border_color"`
	ProfileSidebarFillColor        string          `json:"profile_sidebar_fill_color"`
	ProfileTextColor               string          `json:"profile_text_color"`
	ProfileUseBackgroundImage      bool            `json:"profile_use_background_image"`
	DefaultProfile                 bool            `json:"default_profile"`
	DefaultProfileImage            bool            `json:"default_profile_image"`
	Following                      bool            `json:"following"`
	FollowRequestSent              bool            `json:"follow_request_sent"`
	Notifications                  bool            `json:"notifications"`
}

type twitterEntities struct {
	Hashtags []struct {
		Text    string `json:"text"`
		Indices []int  `json:"indices"`
	} `json:"hashtags"`
	Symbols []any `json:"symbols"`
	URLs    []struct {
		URL         string `json:"url"`
		ExpandedURL string `json:"expanded_url"`
		DisplayURL  string `json:"display_url"`
		Indices     []int  `json:"indices"`
	} `json:"urls"`
	UserMentions []struct {
		ScreenName string `json:"screen_name"`
		Name       string `json:"name"`
		ID         int64  `json:"id"`
		IDStr      string `json:"id_str"`
		Indices    [2]int `json:"indices"`
	} `json:"user_mentions"`
	Media []map[string]any `json:"media"`
}

// twitterPartial reads three fields per status.
type twitterPartial struct {
	Statuses []struct {
		ID   int64  `json:"id"`
		Text string `json:"text"`
		User struct {
			ScreenName string `json:"screen_name"`
		} `json:"user"`
	} `json:"statuses"`
}

type citmDoc struct {
	AreaNames                map[string]string `json:"areaNames"`
	AudienceSubCategoryNames map[string]string `json:"audienceSubCategoryNames"`
	BlockNames               map[string]string `json:"blockNames"`
	Events                   map[string]struct {
		Description *string `json:"description"`
		ID          int     `json:"id"`
		Logo        *string `json:"logo"`
		Name        string  `json:"name"`
		SubTopicIDs []int   `json:"subTopicIds"`
		SubjectCode *string `json:"subjectCode"`
		Subtitle    *string `json:"subtitle"`
		TopicIDs    []int   `json:"topicIds"`
	} `json:"events"`
	Performances []struct {
		EventID int     `json:"eventId"`
		ID      int     `json:"id"`
		Logo    *string `json:"logo"`
		Name    *string `json:"name"`
		Prices  []struct {
			Amount                int `json:"amount"`
			AudienceSubCategoryID int `json:"audienceSubCategoryId"`
			SeatCategoryID        int `json:"seatCategoryId"`
		} `json:"prices"`
		SeatCategories []struct {
			Areas []struct {
				AreaID   int   `json:"areaId"`
				BlockIDs []int `json:"blockIds"`
			} `json:"areas"`
			SeatCategoryID int `json:"seatCategoryId"`
		} `json:"seatCategories"`
		SeatMapImage *string `json:"seatMapImage"`
		Start        int64   `json:"start"`
		VenueCode    string  `json:"venueCode"`
	} `json:"performances"`
	SeatCategoryNames map[string]string `json:"seatCategoryNames"`
	SubTopicNames     map[string]string `json:"subTopicNames"`
	SubjectNames      map[string]string `json:"subjectNames"`
	TopicNames        map[string]string `json:"topicNames"`
	TopicSubTopics    map[string][]int  `json:"topicSubTopics"`
	VenueNames        map[string]string `json:"venueNames"`
}

type citmPartial struct {
	Performances []struct {
		ID    int   `json:"id"`
		Start int64 `json:"start"`
	} `json:"performances"`
}

type canadaDoc struct {
	Type     string `json:"type"`
	Features []struct {
		Type       string `json:"type"`
		Properties struct {
			Name string `json:"name"`
		} `json:"properties"`
		Geometry struct {
			Type        string         `json:"type"`
			Coordinates [][][2]float64 `json:"coordinates"`
		} `json:"geometry"`
	} `json:"features"`
}

type canadaPartial struct {
	Type     string `json:"type"`
	Features []struct {
		Properties struct {
			Name string `json:"name"`
		} `json:"properties"`
	} `json:"features"`
}

type githubEvent struct {
	Type      string `json:"type"`
	CreatedAt string `json:"created_at"`
	Actor     struct {
		GravatarID string `json:"gravatar_id"`
		Login      string `json:"login"`
		AvatarURL  string `json:"avatar_url"`
		URL        string `json:"url"`
		ID         int64  `json:"id"`
	} `json:"actor"`
	Repo struct {
		URL  string `json:"url"`
		ID   int64  `json:"id"`
		Name string `json:"name"`
	} `json:"repo"`
	Public  bool           `json:"public"`
	Payload map[string]any `json:"payload"`
	Org     *struct {
		GravatarID string `json:"gravatar_id"`
		Login      string `json:"login"`
		AvatarURL  string `json:"avatar_url"`
		URL        string `json:"url"`
		ID         int64  `json:"id"`
	} `json:"org"`
	ID string `json:"id"`
}

type githubPartial []struct {
	Type  string `json:"type"`
	Actor struct {
		Login string `json:"login"`
	} `json:"actor"`
}

type gsocProject struct {
	Context     string `json:"@context"`
	Type        string `json:"@type"`
	Name        string `json:"name"`
	Description string `json:"description"`
	Sponsor     struct {
		Type                      string `json:"@type"`
		Name                      string `json:"name"`
		DisambiguatingDescription string `json:"disambiguatingDescription"`
		Description               string `json:"description"`
		URL                       string `json:"url"`
		Logo                      string `json:"logo"`
	} `json:"sponsor"`
	Author struct {
		Type string `json:"@type"`
		Name string `json:"name"`
	} `json:"author"`
}

type gsocPartial map[string]struct {
	Name string `json:"name"`
}

// GitHubEvent is one event of github_events.json; GitHubPartial the partial
// type of the whole file.
type (
	GitHubEvent   = githubEvent
	GitHubPartial = githubPartial
)

// Files lists the documents of jsonexamples that have types, in a fixed order.
var Files = []string{"twitter.json", "citm_catalog.json", "canada.json", "github_events.json", "gsoc-2018.json"}

// Types maps each of Files to constructors of its full and partial types.
var Types = map[string][2]func() any{
	"twitter.json":       {func() any { return new(twitterDoc) }, func() any { return new(twitterPartial) }},
	"citm_catalog.json":  {func() any { return new(citmDoc) }, func() any { return new(citmPartial) }},
	"canada.json":        {func() any { return new(canadaDoc) }, func() any { return new(canadaPartial) }},
	"github_events.json": {func() any { return new([]githubEvent) }, func() any { return new(githubPartial) }},
	"gsoc-2018.json":     {func() any { return new(map[string]gsocProject) }, func() any { return new(gsocPartial) }},
}
