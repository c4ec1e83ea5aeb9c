"""Backprop (Rodinia) in PyTorch and JAX: one back-propagation training step
of a network with one hidden layer; see ../backprop.fut."""
from functools import partial

import numpy as np

LEARNING_RATE = 0.3


def make_inputs(rng):
    n, h, o = 1 << 20, 16, 1
    r = lambda *shape: rng.random(shape, dtype=np.float32)
    return r(n), r(n, h), r(h), r(h, o), r(o), r(o)


DATASETS = {"2^20": make_inputs}
STATIC = ()


def torch_fn(x, input_weights, input_biases, hidden_weights, hidden_biases, target):
    import torch
    hidden = torch.sigmoid(input_biases + x @ input_weights)
    output = torch.sigmoid(hidden_biases + hidden @ hidden_weights)
    output_errors = output * (1 - output) * (target - output)
    hidden_errors = hidden * (1 - hidden) * (hidden_weights @ output_errors)
    return (input_weights + LEARNING_RATE * torch.outer(x, hidden_errors),
            input_biases + LEARNING_RATE * hidden_errors,
            hidden_weights + LEARNING_RATE * torch.outer(hidden, output_errors),
            hidden_biases + LEARNING_RATE * output_errors)


def jax_fn(x, input_weights, input_biases, hidden_weights, hidden_biases, target):
    import jax
    import jax.numpy as jnp
    # Full f32 products, as torch and Futhark compute (XLA would use TF32 on the GPU).
    dot = partial(jnp.matmul, precision="highest")
    hidden = jax.nn.sigmoid(input_biases + dot(x, input_weights))
    output = jax.nn.sigmoid(hidden_biases + dot(hidden, hidden_weights))
    output_errors = output * (1 - output) * (target - output)
    hidden_errors = hidden * (1 - hidden) * dot(hidden_weights, output_errors)
    return (input_weights + LEARNING_RATE * jnp.outer(x, hidden_errors),
            input_biases + LEARNING_RATE * hidden_errors,
            hidden_weights + LEARNING_RATE * jnp.outer(hidden, output_errors),
            hidden_biases + LEARNING_RATE * output_errors)
