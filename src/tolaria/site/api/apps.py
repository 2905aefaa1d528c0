from django.apps import AppConfig


class Config(AppConfig):
    name = "tolaria.site.api"
    label = "api"
    default_auto_field = "django.db.models.BigAutoField"
