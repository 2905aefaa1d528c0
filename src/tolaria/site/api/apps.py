from django.apps import AppConfig


class Config(AppConfig):
    name = "tolaria.site.api"
    label = "api"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # the after-ingest pass (tolaria.site.stores, below the API) builds the API's bulk files too
        from tolaria.site.stores.derive import Step, add_step

        from . import _bulk

        add_step(Step("scryfall bulk files", _bulk.derive_step, format=_bulk.store_format, published=_bulk.NAME))
