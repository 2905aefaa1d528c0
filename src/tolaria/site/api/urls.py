from django.urls import path, re_path

from ._objects import error
from .api import api


def unknown_route(request, rest: str = ""):
    return error(404, "not_found", f"There is no route /api/{rest} in the API. The routes are listed at /api/docs.")


urlpatterns = [path("", api.urls), re_path(r"^(?P<rest>.*)$", unknown_route)]
