-- Record patterns containing nested patterns.
def sum_parts {a = (x, y), b} = x + y + b
def deep {outer = {inner = z}} = z
def typed_field {w: f32, h: f32} = w * h
def mixed {id, pos = (px, _), tag = _} = id + px
