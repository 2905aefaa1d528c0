from django.apps import AppConfig


class Config(AppConfig):
    name = "tolaria.site.accounts"
    label = "accounts"
    default_auto_field = "django.db.models.BigAutoField"
