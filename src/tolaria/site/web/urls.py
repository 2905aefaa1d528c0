from django.urls import path, re_path

from . import views

app_name = "web"
urlpatterns = [
    path("", views.home, name="home"),
    path("random", views.random_card, name="random"),
    path("search", views.search, name="search"),
    path("search/syntax", views.syntax, name="syntax"),
    path("search/build", views.build_query, name="build"),
    re_path(
        r"^card/(?P<oracle_id>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/?$",
        views.card_by_id,
        name="card_by_id",
    ),
    path("card/<str:set_code>/<str:number>/<str:slug>", views.card_page, name="card"),
    path("card/<str:set_code>/<str:number>", views.card_page, name="card_noslug"),
    path("rules/", views.rules_index, name="rules"),
    path("rules/changes", views.rules_changes, name="rules_changes"),
    path("tags/", views.tags_index, name="tags"),
    path("tags/<str:tag_id>", views.tag_page, name="tag"),
    path("rules/search", views.rules_search, name="rules_search"),
    path("rules/glossary/", views.glossary_index, name="glossary"),
    path("rules/glossary/<path:term>", views.glossary_entry, name="glossary_entry"),
    path("rules/<str:number>", views.rule_page, name="rule"),
]
