from __future__ import annotations

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, PasswordChangeForm, UserCreationForm

from . import throttle


class SignupForm(UserCreationForm):
    email = forms.EmailField(required=False, help_text="Optional; needed only to reset a forgotten password.")

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")


def _refuse_if_locked(request, username: str) -> None:
    lock = throttle.lock_for(request, username)
    if lock is not None:
        raise forms.ValidationError(lock.message, code="locked")


def _count_failure(request, username: str) -> None:
    lock = throttle.record_failure(request, username)
    if lock is not None:
        raise forms.ValidationError(lock.message, code="locked")


class _ThrottledLogIn:
    """The log-in check of a form with a username and a password, behind the throttles of `throttle`."""

    def clean(self):
        username = self.cleaned_data.get("username") or ""
        _refuse_if_locked(self.request, username)
        try:
            cleaned = super().clean()
        except forms.ValidationError:
            _count_failure(self.request, username)
            raise
        throttle.record_success(self.request, username)
        return cleaned


class ThrottledLoginForm(_ThrottledLogIn, AuthenticationForm):
    """Django's log-in form, throttled."""


class ThrottledAdminLoginForm(_ThrottledLogIn, AdminAuthenticationForm):
    """The admin's log-in form, throttled like the site's."""


class ThrottledPasswordChangeForm(PasswordChangeForm):
    """Changing a password asks for the old one: the same throttles guard it."""

    def __init__(self, user, *args, request=None, **kwargs):
        self.request = request
        super().__init__(user, *args, **kwargs)

    def clean_old_password(self):
        _refuse_if_locked(self.request, self.user.get_username())
        try:
            return super().clean_old_password()
        except forms.ValidationError:
            _count_failure(self.request, self.user.get_username())
            raise


class DeleteAccountForm(forms.Form):
    password = forms.CharField(widget=forms.PasswordInput, help_text="Type your password to confirm.")

    def __init__(self, user, *args, request=None, **kwargs):
        self.user = user
        self.request = request
        super().__init__(*args, **kwargs)

    def clean_password(self):
        password = self.cleaned_data["password"]
        _refuse_if_locked(self.request, self.user.get_username())
        if not self.user.check_password(password):
            _count_failure(self.request, self.user.get_username())
            raise forms.ValidationError("That is not your password.")
        return password


class TokenForm(forms.Form):
    name = forms.CharField(
        max_length=100, initial="Script", help_text="What the token is for, e.g. “deck sync script”."
    )
    scope = forms.ChoiceField(
        choices=[("write", "Read and write"), ("read", "Read only")],
        initial="write",
        required=False,
        help_text="A read-only token can read your lists and decks but not change them.",
    )
    expires_in_days = forms.TypedChoiceField(
        label="Expires",
        choices=[("", "Never"), ("7", "In 7 days"), ("30", "In 30 days"), ("90", "In 90 days"), ("365", "In a year")],
        coerce=int,
        empty_value=None,
        required=False,
    )
