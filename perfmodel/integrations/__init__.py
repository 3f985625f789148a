"""Hand the model's picks to the software that runs GEMMs: Triton's autotuner (triton)."""
