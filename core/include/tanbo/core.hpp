// Convenience header: all of tanbo's shared vocabulary (tanbo::core).
#pragma once

#include "tanbo/core/engine.hpp"
#include "tanbo/core/errors.hpp"
#include "tanbo/core/notation.hpp"
#include "tanbo/core/position.hpp"
#include "tanbo/core/random.hpp"
#include "tanbo/core/record.hpp"
#include "tanbo/core/types.hpp"
#include "tanbo/core/variant.hpp"
#include "tanbo/core/version.hpp"
#include "tanbo/core/zobrist.hpp"
