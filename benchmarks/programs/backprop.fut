-- Backprop (Rodinia): one training step of a fully connected neural network
-- with one hidden layer, by back-propagation. The forward pass computes the
-- hidden and output units (each the logistic function of a weighted sum of
-- the layer below plus a bias); the backward pass computes the output
-- errors from the target, the hidden errors from them, and moves every
-- weight and bias by the learning rate (0.3) times its unit's error times
-- its input. Rodinia adds a momentum term (0.3 times the previous change),
-- which is zero in the single step it runs, so it is left out. The result is
-- the new weights and biases of both layers.
--
-- Dataset: the paper's input layer of 2^20 units, with Rodinia's 16 hidden
-- units and one output unit; inputs, weights, biases and target are random
-- input (values in [0, 1)).
-- ==
-- nobench input {
--   [0.5f32, -1.0f32, 0.25f32, 2.0f32]
--   [[0.1f32, -0.2f32, 0.3f32], [0.4f32, 0.1f32, -0.5f32],
--    [-0.3f32, 0.2f32, 0.1f32], [0.05f32, -0.1f32, 0.2f32]]
--   [0.1f32, 0.0f32, -0.1f32]
--   [[0.5f32], [-0.4f32], [0.3f32]]
--   [0.2f32]
--   [0.9f32]
-- }
-- output {
--   [[0.10124131f32, -0.2009755f32, 0.30060002f32], [0.39751738f32, 0.10195098f32, -0.5012f32],
--    [-0.29937935f32, 0.19951226f32, 0.1003f32], [5.496525e-2f32, -0.10390196f32, 0.2024f32]]
--   [0.102482624f32, -1.9509807e-3f32, -9.88e-2f32]
--   [[0.5089301f32], [-0.3916855f32], [0.31460467f32]]
--   [0.22011343f32]
-- }
-- "2^20" compiled random input { [1048576]f32 [1048576][16]f32 [16]f32 [16][1]f32 [1]f32 [1]f32 }

def learning_rate : f32 = 0.3

def squash (x: f32) : f32 = 1 / (1 + f32.exp (-x))

-- The units of a layer from the units below, the weights between them and
-- the layer's biases.
def layer [n] [m] (below: [n]f32) (weights: [n][m]f32) (biases: [m]f32) : [m]f32 =
  map2 (\column bias -> squash (bias + f32.sum (map2 (*) below column)))
       (transpose weights)
       biases

-- Weights and biases moved by the errors of the units above them.
def adjust [n] [m] (below: [n]f32) (errors: [m]f32) (weights: [n][m]f32) (biases: [m]f32)
  : ([n][m]f32, [m]f32) =
  ( map2 (\x row -> map2 (\e w -> w + learning_rate * e * x) errors row) below weights
  , map2 (\e b -> b + learning_rate * e) errors biases
  )

entry main [n] [h] [o]
           (input: [n]f32)
           (input_weights: [n][h]f32)
           (input_biases: [h]f32)
           (hidden_weights: [h][o]f32)
           (hidden_biases: [o]f32)
           (target: [o]f32) =
  let hidden = layer input input_weights input_biases
  let output = layer hidden hidden_weights hidden_biases
  let output_errors = map2 (\y t -> y * (1 - y) * (t - y)) output target
  let hidden_errors =
    map2 (\y row -> y * (1 - y) * f32.sum (map2 (*) output_errors row)) hidden hidden_weights
  let (hidden_weights', hidden_biases') = adjust hidden output_errors hidden_weights hidden_biases
  let (input_weights', input_biases') = adjust input hidden_errors input_weights input_biases
  in (input_weights', input_biases', hidden_weights', hidden_biases')
