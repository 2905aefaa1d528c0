from django.urls import path, re_path

from ._objects import error
from .api import api
from .docs import docs_page


def unknown_route(request, rest: str = ""):
    return error(404, "not_found", f"There is no route /api/{rest} in the API. The routes are listed at /api/docs.")


urlpatterns = [path("docs", docs_page, name="api_docs"), path("", api.urls), re_path(r"^(?P<rest>.*)$", unknown_route)]
