-- Chained field projection through nested records.
-- ==
def scene = {camera = {pos = {x = 1f32, y = 2f32}, zoom = 3f32}}
def cx = scene.camera.pos.x
def z = (scene.camera).zoom
