//go:build purego || goexperiment.mapsplitgroup

package json

// mapLayoutTagOff: maphash's purego hash is not the runtime's, and
// GOEXPERIMENT=mapsplitgroup groups the keys apart from the values: the
// start-up check turns building maps in place off.
const mapLayoutTagOff = true
