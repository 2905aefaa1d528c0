from django.apps import AppConfig


class Config(AppConfig):
    name = "tolaria.site.web"
    label = "web"
    default_auto_field = "django.db.models.BigAutoField"
