from django.apps import AppConfig


class Config(AppConfig):
    name = "tolaria.site.accounts"
    label = "accounts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib import admin
        from django.contrib.auth import get_user_model
        from django.db.models.signals import pre_save

        from .forms import ThrottledAdminLoginForm
        from .models import revoke_tokens_when_the_password_changes

        pre_save.connect(revoke_tokens_when_the_password_changes, sender=get_user_model(), dispatch_uid="revoke-tokens")
        admin.site.login_form = ThrottledAdminLoginForm
