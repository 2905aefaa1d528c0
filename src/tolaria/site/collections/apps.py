from django.apps import AppConfig


class Config(AppConfig):
    name = "tolaria.site.collections"
    label = "card_collections"
    default_auto_field = "django.db.models.BigAutoField"
