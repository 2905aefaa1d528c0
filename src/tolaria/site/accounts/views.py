"""Account pages: sign up, log in (throttled), password change and reset, the account page with API
tokens, export of one's data as JSON, and deleting the account with all its data."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse_lazy
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from tolaria.site.collections.services import user_data

from . import throttle
from .forms import DeleteAccountForm, SignupForm, ThrottledLoginForm, ThrottledPasswordChangeForm, TokenForm
from .models import ApiToken


def _safe_next(request, fallback: str = "/") -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return fallback


def signup(request):
    if request.user.is_authenticated:
        return redirect("accounts:account")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, f"Welcome, {user.username}. Your account is ready.")
        return redirect(_safe_next(request, "/"))
    return render(request, "accounts/signup.html", {"form": form, "next": _safe_next(request, "")})


class LoginView(auth_views.LoginView):
    template_name = "accounts/login.html"
    authentication_form = ThrottledLoginForm
    redirect_authenticated_user = True

    def form_valid(self, form):
        response = super().form_valid(form)
        throttle.remember_device(self.request, response, form.get_user().get_username())
        return response


class LogoutView(auth_views.LogoutView):
    template_name = "accounts/logged_out.html"


class PasswordChangeView(auth_views.PasswordChangeView):
    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("accounts:password_change_done")
    form_class = ThrottledPasswordChangeForm

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "request": self.request}


class PasswordChangeDoneView(auth_views.PasswordChangeDoneView):
    template_name = "accounts/message.html"
    extra_context = {
        "title": "Password changed",
        "message": "Your password was changed. Your API tokens were revoked with the old password; make new ones on your account page.",
    }


class PasswordResetView(auth_views.PasswordResetView):
    template_name = "accounts/password_reset.html"
    email_template_name = "accounts/password_reset_email.txt"
    subject_template_name = "accounts/password_reset_subject.txt"
    success_url = reverse_lazy("accounts:password_reset_done")


class PasswordResetDoneView(auth_views.PasswordResetDoneView):
    template_name = "accounts/message.html"
    extra_context = {
        "title": "Check your email",
        "message": "If an account has that address, we sent it a link to choose a new password.",
    }


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    template_name = "accounts/password_reset_confirm.html"
    success_url = reverse_lazy("accounts:password_reset_complete")


class PasswordResetCompleteView(auth_views.PasswordResetCompleteView):
    template_name = "accounts/message.html"
    extra_context = {"title": "Password set", "message": "Your new password is set. You can log in now."}


@login_required
def account(request):
    return render(
        request,
        "accounts/account.html",
        {
            "tokens": request.user.api_tokens.all(),
            "token_form": TokenForm(),
            "new_token": request.session.pop("new_api_token", None),
        },
    )


@login_required
@require_POST
def token_create(request):
    form = TokenForm(request.POST)
    if form.is_valid():
        _, secret = ApiToken.issue(
            request.user,
            form.cleaned_data["name"],
            scope=form.cleaned_data["scope"] or "write",
            expires_in_days=form.cleaned_data["expires_in_days"],
        )
        request.session["new_api_token"] = secret  # shown once on the next page, then gone
        messages.success(request, "Token created. Copy it now: it will not be shown again.")
    else:
        messages.error(request, "A token needs a name of at most 100 characters.")
    return redirect("accounts:account")


@login_required
@require_POST
def token_delete(request, pk: int):
    token = get_object_or_404(ApiToken, pk=pk, user=request.user)
    token.delete()
    messages.success(request, f"Token “{token.name}” revoked.")
    return redirect("accounts:account")


@login_required
def export_data(request):
    user = request.user
    data = {
        "exported_at": timezone.now().isoformat(),
        "account": {
            "username": user.username,
            "email": user.email,
            "date_joined": user.date_joined.isoformat(),
            "last_login": user.last_login.isoformat() if user.last_login else None,
        },
        "api_tokens": [
            {
                "name": t.name,
                "hint": t.hint,
                "scope": t.scope,
                "created_at": t.created_at.isoformat(),
                "expires_at": t.expires_at.isoformat() if t.expires_at else None,
                "last_used_at": t.last_used_at.isoformat() if t.last_used_at else None,
            }
            for t in user.api_tokens.all()
        ],
        **user_data(user),
    }
    response = HttpResponse(
        json.dumps(data, indent=2, ensure_ascii=False), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="tolaria-{user.username}.json"'
    return response


@login_required
def delete_account(request):
    form = DeleteAccountForm(request.user, request.POST or None, request=request)
    if request.method == "POST" and form.is_valid():
        user = request.user
        logout(request)
        user.delete()  # lists, decks and tokens go with it (on_delete=CASCADE)
        messages.success(request, "Your account and all its lists and decks are deleted.")
        return redirect("/")
    return render(request, "accounts/delete.html", {"form": form})
