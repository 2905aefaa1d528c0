from django.urls import path

from . import views

app_name = "collections"
urlpatterns = [
    path("save/", views.save_card, name="save_card"),
    path("lists/", views.lists, name="lists"),
    path("lists/new/", views.list_create, name="list_create"),
    path("lists/<str:token>/", views.list_detail, name="list_detail"),
    path("lists/<str:token>/edit/", views.list_edit, name="list_edit"),
    path("lists/<str:token>/delete/", views.list_delete, name="list_delete"),
    path("lists/<str:token>/items/<int:item_id>/", views.list_item, name="list_item"),
    path("lists/<str:token>/export/", views.list_export, name="list_export"),
    path("decks/", views.decks, name="decks"),
    path("decks/new/", views.start_deck, name="start_deck"),
    path("decks/public/", views.public_decks, name="public_decks"),
    path("decks/<str:token>/", views.deck_detail, name="deck_detail"),
    path("decks/<str:token>/edit/", views.deck_edit, name="deck_edit"),
    path("decks/<str:token>/delete/", views.deck_delete, name="deck_delete"),
    path("decks/<str:token>/cards/", views.deck_add, name="deck_add"),
    path("decks/<str:token>/cards/<int:row_id>/", views.deck_card, name="deck_card"),
    path("decks/<str:token>/restore/", views.deck_restore, name="deck_restore"),
    path("decks/<str:token>/import/", views.deck_import, name="deck_import"),
    path("decks/<str:token>/unresolved/<int:line_id>/", views.deck_unresolved, name="deck_unresolved"),
    path("decks/<str:token>/export/", views.deck_export, name="deck_export"),
]
