from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("tolaria.site.api.urls")),
    path("accounts/", include("tolaria.site.accounts.urls")),
    path("", include("tolaria.site.collections.urls")),
    path("", include("tolaria.site.web.urls")),
]

# the site's own error pages (the API middleware answers /api/ errors as JSON before these)
handler400 = "tolaria.site.web.views.errors.bad_request"
handler404 = "tolaria.site.web.views.errors.not_found"
handler500 = "tolaria.site.web.views.errors.server_error"
