from django.apps import AppConfig


class StoresConfig(AppConfig):
    name = "tolaria.site.stores"
    label = "stores"
    verbose_name = "Stores built after an ingest"
