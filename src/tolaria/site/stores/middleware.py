"""A worker that holds no usable index yet answers 503 with Retry-After and says why (JSON for the
API), never 500 and never by building one."""

from __future__ import annotations

from django.http import HttpResponse, JsonResponse

from .runtime import IndexUnavailable


def unavailable_response(request, exc: IndexUnavailable) -> HttpResponse:
    message = f"{exc} Please try again in a few seconds."
    if request.path.startswith("/api/"):
        response = JsonResponse(
            {"object": "error", "code": "unavailable", "status": 503, "details": message}, status=503
        )
    else:
        response = HttpResponse(message, status=503, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(exc.retry_after)
    return response


class IndexUnavailableMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, IndexUnavailable):
            return unavailable_response(request, exception)
        return None
