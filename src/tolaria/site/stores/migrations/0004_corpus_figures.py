from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("stores", "0003_store_corpus"),
    ]

    operations = [
        migrations.CreateModel(
            name="CorpusFigures",
            fields=[
                ("version", models.PositiveIntegerField(primary_key=True, serialize=False)),
                ("corpus", models.CharField(default="", max_length=40)),
                ("figures", models.JSONField(default=dict)),
            ],
        ),
    ]
