from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("stores", "0002_store_format"),
    ]

    operations = [
        migrations.AddField(
            model_name="storebuild",
            name="corpus",
            field=models.CharField(default="", max_length=40),
        ),
    ]
