from django.apps import AppConfig


class Config(AppConfig):
    name = "tolaria.site.web"
    label = "web"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from . import pending  # noqa: F401  (connects the login signal)
