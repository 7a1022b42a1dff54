export type CalendarEvent = {
  id: number;
  title: string;
  datetime: string | null;
  isActive: boolean;
  availableSpots: number;
  totalSpots: number;
  category: { name: string; color: string } | null;
};

export type CalendarBooking = {
  id: string;
  eventId: number;
  customerName: string;
  licensePlate: string;
  status: string;
  createdAt: string;
};
