from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm

from . import throttle


class SignupForm(UserCreationForm):
    email = forms.EmailField(required=False, help_text="Optional; needed only to reset a forgotten password.")

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")


class ThrottledLoginForm(AuthenticationForm):
    """Django's login form, refusing a username+address pair after repeated failures."""

    error_messages = {**AuthenticationForm.error_messages, "locked": throttle.LOCKED_MESSAGE}

    def clean(self):
        username = self.cleaned_data.get("username") or ""
        ip = throttle.client_ip(self.request)
        if throttle.is_locked(username, ip):
            raise forms.ValidationError(self.error_messages["locked"], code="locked")
        try:
            cleaned = super().clean()
        except forms.ValidationError:
            if throttle.record_failure(username, ip) >= throttle.MAX_FAILURES:
                raise forms.ValidationError(self.error_messages["locked"], code="locked") from None
            raise
        throttle.reset(username, ip)
        return cleaned


class DeleteAccountForm(forms.Form):
    password = forms.CharField(widget=forms.PasswordInput, help_text="Type your password to confirm.")

    def __init__(self, user, *args, **kwargs):
        self.user = user
        super().__init__(*args, **kwargs)

    def clean_password(self):
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError("That is not your password.")
        return password


class TokenForm(forms.Form):
    name = forms.CharField(
        max_length=100, initial="Script", help_text="What the token is for, e.g. “deck sync script”."
    )
