from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("tolaria.site.api.urls")),
    path("accounts/", include("tolaria.site.accounts.urls")),
    path("", include("tolaria.site.collections.urls")),
    path("", include("tolaria.site.web.urls")),
]
