from django.urls import path, re_path

from .views import cards, home, rules, search, tags

app_name = "web"
urlpatterns = [
    path("", home.home, name="home"),
    path("random", home.random_card, name="random"),
    path("search", search.search, name="search"),
    path("search/syntax", search.syntax, name="syntax"),
    path("search/build", search.build_query, name="build"),
    re_path(
        r"^card/(?P<oracle_id>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/?$",
        cards.card_by_id,
        name="card_by_id",
    ),
    path("card/<str:set_code>/<str:number>/<str:slug>", cards.card_page, name="card"),
    path("card/<str:set_code>/<str:number>", cards.card_page, name="card_noslug"),
    path("rules/", rules.rules_index, name="rules"),
    path("rules/changes", rules.rules_changes, name="rules_changes"),
    path("tags/", tags.tags_index, name="tags"),
    path("tags/<str:tag_id>", tags.tag_page, name="tag"),
    path("rules/search", rules.rules_search, name="rules_search"),
    path("rules/glossary/", rules.glossary_index, name="glossary"),
    path("rules/glossary/<path:term>", rules.glossary_entry, name="glossary_entry"),
    path("rules/<str:number>", rules.rule_page, name="rule"),
]
