-- Mathematical functions from the f32 and f64 modules.
-- ==
def dist (x: f32) (y: f32) = f32.sqrt (x * x + y * y)
def angle (x: f64) (y: f64) = f64.atan2 y x
def wave (t: f32) = f32.sin (2 * f32.pi * t) + f32.cos t
def smooth (x: f64) = f64.exp (f64.log x / 2)
