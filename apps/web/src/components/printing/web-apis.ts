/**
 * The few members of Web Serial, Web Bluetooth and WebUSB the transports use. TypeScript's DOM
 * library does not declare these (still drafts); structural types keep the transports testable with fakes.
 */

export interface SerialPortLike {
  open(options: { baudRate: number }): Promise<void>;
  close(): Promise<void>;
  readonly writable: WritableStream<Uint8Array> | null;
  getInfo?(): { usbVendorId?: number; usbProductId?: number; bluetoothServiceClassId?: number | string };
}

export interface SerialLike {
  requestPort(options?: object): Promise<SerialPortLike>;
  getPorts(): Promise<SerialPortLike[]>;
}

export interface BleCharacteristicLike {
  readonly uuid: string;
  readonly properties: { write: boolean; writeWithoutResponse: boolean };
  writeValueWithResponse?(value: Uint8Array): Promise<void>;
  writeValueWithoutResponse?(value: Uint8Array): Promise<void>;
}

export interface BleServiceLike {
  readonly uuid: string;
  getCharacteristics(): Promise<BleCharacteristicLike[]>;
}

export interface BleServerLike {
  readonly connected: boolean;
  connect(): Promise<BleServerLike>;
  disconnect(): void;
  getPrimaryServices(): Promise<BleServiceLike[]>;
}

export interface BleDeviceLike extends EventTarget {
  readonly id: string;
  readonly name?: string;
  readonly gatt?: BleServerLike;
}

export interface BluetoothLike {
  requestDevice(options: object): Promise<BleDeviceLike>;
  getDevices?(): Promise<BleDeviceLike[]>;
}

export interface UsbEndpointLike {
  readonly endpointNumber: number;
  readonly direction: 'in' | 'out';
  readonly type: 'bulk' | 'interrupt' | 'isochronous';
}

export interface UsbInterfaceLike {
  readonly interfaceNumber: number;
  readonly alternate: { interfaceClass: number; endpoints: UsbEndpointLike[] };
}

export interface UsbDeviceLike {
  readonly vendorId: number;
  readonly productId: number;
  readonly productName?: string;
  readonly serialNumber?: string;
  readonly opened: boolean;
  readonly configuration: { interfaces: UsbInterfaceLike[] } | null;
  open(): Promise<void>;
  close(): Promise<void>;
  selectConfiguration(value: number): Promise<void>;
  claimInterface(n: number): Promise<void>;
  transferOut(endpoint: number, data: Uint8Array): Promise<{ status: 'ok' | 'stall' | 'babble'; bytesWritten: number }>;
}

export interface UsbLike {
  requestDevice(options: { filters: object[] }): Promise<UsbDeviceLike>;
  getDevices(): Promise<UsbDeviceLike[]>;
}

type WithApis = Navigator & { serial?: SerialLike; bluetooth?: BluetoothLike; usb?: UsbLike };

/** The browser's navigator with the printing APIs it may have (none on the server or in old browsers). */
export function nav(): WithApis | null {
  return typeof navigator === 'undefined' ? null : (navigator as WithApis);
}
