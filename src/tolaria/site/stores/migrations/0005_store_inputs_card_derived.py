from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("stores", "0004_corpus_figures"),
    ]

    operations = [
        migrations.AddField(
            model_name="storebuild",
            name="inputs",
            field=models.CharField(default="", max_length=64),
        ),
        migrations.CreateModel(
            name="CardDerived",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("step", models.CharField(max_length=40)),
                ("card_id", models.CharField(max_length=36)),
                ("digest", models.CharField(max_length=32)),
                ("data", models.TextField(default="")),
            ],
            options={
                "constraints": [models.UniqueConstraint(fields=("step", "card_id"), name="one_derived_row_per_card")],
            },
        ),
    ]
