//go:build !purego && !goexperiment.mapsplitgroup

package json

// mapLayoutTagOff: this build's tags leave maps built in place (see
// TestMapInPlaceOn).
const mapLayoutTagOff = false
